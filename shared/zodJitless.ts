import { z } from 'zod'

/**
 * Imported first by each entry (main and renderer), before any schema is built: zod probes
 * `new Function` when it builds an object schema to decide whether to compile a fast parser. The app's
 * CSP forbids eval, so in the renderer the probe fails and is reported as a CSP violation on every start;
 * without JIT zod never probes. Parsing is a little slower and stays correct.
 */
z.config({ jitless: true })
