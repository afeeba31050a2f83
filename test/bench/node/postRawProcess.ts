import { postRaw, rawBodies } from './rawPosting'

/**
 * `node --import tsx postRawProcess.ts <baseUrl> <runTag> <count> <concurrency>`: posts like postRaw from
 * its own process and prints the run as one JSON line. The sandbox figure uses it so the client's work
 * runs on the other core instead of sharing the sandbox's event loop: the figure is the sandbox's.
 */
const [baseUrl, runTag, count, concurrency] = process.argv.slice(2)
if (!baseUrl || !runTag || !count || !concurrency) {
  console.error('usage: postRawProcess.ts <baseUrl> <runTag> <count> <concurrency>')
  process.exit(2)
}
// No top-level await: tsx runs this package's .ts files as CommonJS.
void postRaw(baseUrl, rawBodies(runTag, Number(count)), Number(concurrency)).then(
  (run) => console.log(JSON.stringify(run)),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  }
)
