// electron-builder's afterAllArtifactBuild hook (electron-builder.yml): writes the third-party licence
// list of what this build ships, as a CycloneDX SBOM, next to the installers in dist/, and returns it so a
// release publishes it with them. Contents: the production dependencies and theirs, as installed (what
// app.asar holds), plus the packages Vite bundled into out/ (the renderer's React, Dexie…), recorded by
// scripts/bundledPackages.ts at build time, each with the licence its package.json declares.
// (`npm sbom --omit=dev` left out packages that dev tools also use, undici and zod among them.)
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

const REPO_ROOT = path.resolve(import.meta.dirname, '..')

/** @param {{ outDir: string }} buildResult */
export default async function thirdPartyLicences(buildResult) {
  const app = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8'))
  /** @type {Map<string, object>} */
  const components = new Map()
  const visit = async (name, fromDir, bundled) => {
    const dir = installedDir(name, fromDir)
    if (!dir) return
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'))
    const ref = `${name}@${manifest.version}`
    if (components.has(ref)) return
    components.set(ref, component(name, manifest, bundled))
    const needs = { ...manifest.dependencies, ...manifest.optionalDependencies }
    for (const dependency of Object.keys(needs)) await visit(dependency, dir, bundled)
  }
  for (const name of Object.keys(app.dependencies ?? {})) await visit(name, REPO_ROOT, false)
  for (const name of await bundledPackageNames()) {
    if (![...components.values()].some((known) => known.name === name)) await visit(name, REPO_ROOT, true)
  }
  const sbom = {
    $schema: 'http://cyclonedx.org/schema/bom-1.5.schema.json',
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    metadata: {
      timestamp: new Date().toISOString(),
      component: { 'bom-ref': `${app.name}@${app.version}`, type: 'application', name: app.productName ?? app.name, version: app.version }
    },
    components: [...components.values()].sort((a, b) => a['bom-ref'].localeCompare(b['bom-ref']))
  }
  const file = path.join(buildResult.outDir, `leave-desk-${app.version}-third-party-licences.cdx.json`)
  await writeFile(file, `${JSON.stringify(sbom, null, 2)}\n`)
  return [file]
}

/** Node's resolution: the nearest node_modules/<name> from `fromDir` up to the repository. */
function installedDir(name, fromDir) {
  for (let dir = fromDir; dir.startsWith(REPO_ROOT); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name)
    if (existsSync(path.join(candidate, 'package.json'))) return candidate
    if (dir === REPO_ROOT) break
  }
  return null
}

async function bundledPackageNames() {
  const names = new Set()
  for (const build of ['main', 'preload', 'renderer']) {
    const record = path.join(REPO_ROOT, 'out', 'bundled-packages', `${build}.json`)
    if (!existsSync(record)) throw new Error(`${record} is missing: run electron-vite build first (npm run dist does).`)
    for (const name of JSON.parse(await readFile(record, 'utf8'))) names.add(name)
  }
  return [...names].sort()
}

function component(name, manifest, bundled) {
  const licence = typeof manifest.license === 'string' ? manifest.license : manifest.license?.type
  return {
    'bom-ref': `${name}@${manifest.version}`,
    type: 'library',
    name,
    version: manifest.version,
    purl: `pkg:npm/${name.replace('@', '%40')}@${manifest.version}`,
    licenses: licenceEntries(licence),
    properties: [{ name: 'leave-desk:shipped-as', value: bundled ? 'bundled into out/' : 'node_modules in app.asar' }]
  }
}

/** CycloneDX: an SPDX id, an SPDX expression ("MIT OR Apache-2.0"), or else the declared name. */
function licenceEntries(licence) {
  if (!licence) return []
  if (/^[A-Za-z0-9.+-]+$/.test(licence)) return [{ license: { id: licence } }]
  if (/\s(OR|AND|WITH)\s/.test(licence)) return [{ expression: licence }]
  return [{ license: { name: licence } }]
}
