// A DOM (jsdom) standing in for Electron's window, set up before any of the
// client's modules is evaluated (paper reads `window` when it loads).
import { JSDOM } from 'jsdom'

const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
  pretendToBeVisual: true
})
const { window } = dom
// paper takes `self` for the window, as in a browser.
for (const name of ['self', 'window', 'document', 'DOMParser', 'XMLSerializer', 'navigator', 'Node', 'HTMLElement', 'HTMLCanvasElement', 'SVGElement']) {
  if (globalThis[name] === undefined) globalThis[name] = name === 'window' || name === 'self' ? window : window[name]
}
