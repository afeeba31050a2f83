import { startTeamServer } from './startTeamServer'

/**
 * The test server alone in this process (`tsx test/teamServer/teamServerProcess.ts`): a real CouchDB is
 * its own process, so the bench runs the server here and the replica in the parent, instead of both
 * competing for one event loop. Prints its address as one JSON line; ends when its parent closes stdin.
 */
void startTeamServer().then((server) => {
  process.stdout.write(`${JSON.stringify({ url: server.url, port: server.port, store: server.store })}\n`)
  process.stdin.resume()
  process.stdin.on('end', () => void server.stop().finally(() => process.exit(0)))
})
