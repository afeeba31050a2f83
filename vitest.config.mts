import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{main,shared,renderer,test}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'out/**', 'test/e2e/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks'
  }
})
