import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import { bundledPackages } from './scripts/bundledPackages'

/**
 * Three builds, with explicit entries (this repo does not use electron-vite's src/<process> layout):
 * - main: main/index.ts → out/main/index.js (CommonJS; dependencies stay in node_modules).
 * - preload: main/ipc/preload.ts → out/preload/preload.js. A sandboxed preload can require only 'electron',
 *   so every other import is bundled into the file.
 * - renderer: renderer/index.html → out/renderer/, served by main under app://leave-desk/. Minified:
 *   electron-vite leaves it unminified by default, and it is the one bundle whose size the clerk waits
 *   for at every start (`rendererGzipKB` in `npm run bench`).
 * Each build records the npm packages it bundled (out/bundled-packages/), for the licence list.
 */
export default defineConfig({
  main: {
    plugins: [bundledPackages(resolve(__dirname, 'out/bundled-packages/main.json'))],
    build: {
      outDir: 'out/main',
      rolldownOptions: { input: { index: resolve(__dirname, 'main/index.ts') } }
    }
  },
  preload: {
    plugins: [bundledPackages(resolve(__dirname, 'out/bundled-packages/preload.json'))],
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rolldownOptions: {
        input: { preload: resolve(__dirname, 'main/ipc/preload.ts') },
        output: { format: 'cjs' }
      }
    }
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react(), bundledPackages(resolve(__dirname, 'out/bundled-packages/renderer.json'))],
    // The spreadsheet reader's worker loads read-excel-file on demand: code-split, so ES modules.
    worker: { format: 'es' },
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      minify: true,
      rolldownOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } }
    }
  }
})
