// Takes out of an imported directory (`tilec import-jcz ... --out DIR`) the
// tiles that do not check, so that the rest builds: reads `tilec check DIR`'s
// report on stdin, removes each tile a problem points into from its `.tiles`
// file and its copies from the set's `total` in `sets.toml`, and prints the
// tiles taken out. Used by tools/jcz/client-check.sh for the add-on of
// JCloisterZone's whole library, some of whose tiles the language cannot
// say yet (docs/import-jcz.md).
//   tilec check DIR 2>&1 | node drop-unchecked.mjs DIR
import fs from 'fs'
import path from 'path'

const dir = process.argv[2]
const report = fs.readFileSync(0, 'utf8')
// `┌─ PATH:LINE:COL` under each problem.
const at = [...report.matchAll(/┌─ (.+\.tiles):(\d+):\d+/g)].map(m => [m[1], Number(m[2])])
const byFile = new Map()
for (const [file, line] of at) {
  if (!byFile.has(file)) byFile.set(file, new Set())
  byFile.get(file).add(line)
}
let toml = fs.readFileSync(path.join(dir, 'sets.toml'), 'utf8')
for (const [file, lines] of byFile) {
  const text = fs.readFileSync(file, 'utf8').split('\n')
  const drop = new Set()
  let removed = 0
  for (const line of lines) {
    // The tile block around the line: from its `tile` header to its `}`.
    let start = line - 1
    while (start >= 0 && !text[start].startsWith('tile ')) start -= 1
    if (start < 0) throw new Error(`${file}:${line} is in no tile`)
    if (drop.has(start)) continue
    let end = start
    while (end < text.length && text[end] !== '}') end += 1
    const count = text.slice(start, end).map(l => l.match(/^\s+count (\d+)/)).find(m => m)
    removed += count ? Number(count[1]) : 1
    for (let i = start; i <= end; i++) drop.add(i)
    console.log(`taken out: ${path.basename(file)}: ${text[start].replace(/\s*\{$/, '')}`)
  }
  fs.writeFileSync(file, text.filter((_, i) => !drop.has(i)).join('\n'))
  const id = path.basename(file, '.tiles')
  const entry = new RegExp(`(id = "${id}"\\ntotal = )(\\d+)`)
  if (!entry.test(toml)) throw new Error(`no total for ${id} in sets.toml`)
  toml = toml.replace(entry, (_, head, total) => head + (Number(total) - removed))
}
fs.writeFileSync(path.join(dir, 'sets.toml'), toml)
