import path from 'node:path'

/** Where the harness finds the built renderer and where README screenshots go, from the repo root. */
export const REPO_ROOT = path.resolve(__dirname, '../../..')
export const RENDERER_BUILD_DIR = path.join(REPO_ROOT, 'out', 'renderer')
export const DOCS_DIR = path.join(REPO_ROOT, 'docs')
