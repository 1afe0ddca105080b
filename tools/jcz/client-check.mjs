// Loads tilec add-ons with JCloisterZone-Client's own add-on, expansion and
// artwork code (plugins/addons.js, tiles.js, theme.js, artwork-loader.js),
// next to the client's built-in expansions and `jcz/simplified` artwork, and
// looks up every place of every tile in all four rotations the way the
// client does when it draws a figure there (theme.getFeature).
//
// Not run directly: tools/jcz/client-check.sh bundles it with the client's
// code (AGPL: fetched and bundled outside this repository) and runs
//   node BUNDLE CLIENT_DIR ADDON_DIR...
// Prints one summary line per add-on and every problem; exits 1 on any.
import './dom.js'
import fs from 'fs'
import path from 'path'
import { CompoundPath, Point } from 'paper/dist/paper-core'
import Vue from 'vue'
import addonsPlugin from '@/plugins/addons'
import tilesPlugin from '@/plugins/tiles'
import themePlugin from '@/plugins/theme'
import Location from '@/models/Location'

// Feature elements and the engine's class name for each (TileBuilder).
const TYPES = { city: 'City', road: 'Road', field: 'Field', river: 'River', monastery: 'Monastery', garden: 'Garden', 'yaga-hut': 'YagaHut' }
// Tile children the engine makes a feature of at I (TileBuilder,
// RussianPromosTrapCapability, FlierCapability).
const SYMBOLS = { tower: 'Tower', circus: 'Circus', acrobats: 'Acrobats', vodyanoy: 'Vodyanoy', razboynik: 'SoloveiRazboynik', 'flying-machine': 'FlyingMachine' }

const [clientDir, ...addonDirs] = process.argv.slice(2)
const problems = []
// The loaders report what they reject on the console rather than throwing.
for (const level of ['error', 'warn']) {
  const original = console[level]
  console[level] = (...args) => {
    problems.push(`console.${level}: ${args.map(String).join(' ')}`)
    original(...args)
  }
}

const version = JSON.parse(fs.readFileSync(path.join(clientDir, 'package.json'))).version
const userData = fs.mkdtempSync(path.join(process.env.TMPDIR || '/tmp', 'jcz-user-data-'))
window.process = { argv: [`--user-data=${userData}`, `--app-version=${version}`] }
process.resourcesPath = path.join(clientDir, 'src', 'extraResources')

const store = {
  state: {
    settings: {
      userAddons: addonDirs,
      enabledArtworks: addonDirs.map(d => `${path.basename(d)}/tilec`)
    }
  },
  commit () {},
  dispatch () {}
}
const ctx = { store, app: { store } }
addonsPlugin(ctx)
tilesPlugin(ctx)
themePlugin(ctx)
// The one stub: the client downloads its `classic` artwork when it is not
// installed; this check needs no network and no classic artwork.
ctx.$addons.updateOutdated = async () => {}
await ctx.$addons.loadAddons()
await Vue.prototype.$tiles.loadExpansions()
const theme = Vue.prototype.$theme
await theme.loadArtworks()

for (const dir of addonDirs) {
  check(dir)
}
for (const p of problems) console.log(`problem: ${p}`)
console.log(`${problems.length} problems`)
fs.rmSync(userData, { recursive: true, force: true })
process.exit(problems.length ? 1 : 0)

// Every place of every tile of the add-on in `dir`, looked up in all rotations.
function check (dir) {
  const addon = ctx.$addons.addons.find(a => a.folder === dir)
  if (!addon || addon.error) {
    problems.push(`${dir}: not loaded: ${addon?.error}`)
    return
  }
  const expansions = addon.expansions.length
  const counts = { tiles: 0, places: 0, lookups: 0, layers: 0 }
  for (const xml of addon.json.expansions) {
    const doc = new DOMParser().parseFromString(fs.readFileSync(path.join(dir, xml), 'utf8'), 'application/xml')
    for (const tile of doc.querySelectorAll('tiles > tile[id]')) {
      counts.tiles += 1
      const id = tile.getAttribute('id')
      const placed = places(tile)
      counts.places += placed.length
      for (const rotation of [0, 90, 180, 270]) {
        for (const [type, loc] of placed) {
          counts.lookups += 1
          lookup(id, rotation, type, loc)
        }
        counts.layers += 1
        layers(id, rotation)
      }
    }
  }
  console.log(`${path.basename(dir)}: ${expansions} expansions, ${counts.tiles} tiles, ${counts.places} places, ${counts.lookups} lookups in 4 rotations, ${counts.layers} tile pictures`)
}

// The places the engine can report on a tile, as [type, location] at rotation 0.
function places (tile) {
  const out = []
  for (const el of tile.children) {
    const tag = el.tagName
    if (SYMBOLS[tag]) out.push([SYMBOLS[tag], 'I'])
    const type = TYPES[tag]
    if (!type) continue
    const words = el.textContent.trim().split(/\s+/).filter(w => w)
    out.push([type, words.length ? Location.parse(words.join(' ')).name : 'I'])
    // TileBuilder splits a tunnel road per edge when the tunnel rule is on.
    if (tag === 'road' && el.getAttribute('tunnel') === 'true' && words.length > 1) {
      words.forEach(w => out.push(['Road', w]))
    }
    // An abbot's place (FeatureSelectLayer looks it up as Monastery/AS_ABBOT).
    if (tag === 'monastery') out.push(['Monastery', 'AS_ABBOT'])
  }
  return out
}

// theme.getFeature as the client calls it for a figure on a tile turned by
// `rotation`: the engine reports the location turned with the tile.
function lookup (id, rotation, type, loc) {
  const what = `${id} @${rotation} ${type}/${loc}`
  const reported = loc === 'AS_ABBOT' ? loc : Location.parse(loc).rotateCW(rotation).name
  let f
  try {
    f = theme.getFeature({ id, position: [0, 0], rotation }, type, reported, [])
  } catch (e) {
    problems.push(`${what}: ${e.message}`)
    return
  }
  if (typeof f.clip !== 'string' || !Array.isArray(f.point) || f.point.length !== 2) {
    problems.push(`${what}: no clip or point: ${JSON.stringify(f)}`)
    return
  }
  const clip = new CompoundPath({ pathData: f.clip, insert: false })
  if (!clip.contains(new Point(f.point[0], f.point[1]))) {
    problems.push(`${what}: the point ${f.point} is outside its clip`)
  }
}

// theme.getTileLayers: the tile's picture, a file that exists.
function layers (id, rotation) {
  const { layers } = theme.getTileLayers(id, rotation)
  const href = layers[0]?.props?.href || ''
  if (!href.startsWith('file://') || !fs.existsSync(href.slice('file://'.length))) {
    problems.push(`${id} @${rotation}: no picture (${href})`)
  }
}
