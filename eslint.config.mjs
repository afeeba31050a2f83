import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }]
    }
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } }
  },
  {
    // shared/ runs on both sides: it may not reach Node, the DOM or Electron.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'electron', 'electron/*', 'fs', 'path', 'crypto', 'http', 'https', 'undici', 'fastify', '../main/*', '../renderer/*'] }
      ]
    }
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', 'electron', 'undici', 'fastify', '../../main/*', '**/main/**'] }] }
  },
  {
    // The queue's group transaction and what it calls chain Dexie's promises with `.then`: a native await
    // inside a Dexie transaction costs its zone echoes (queueGroupWrite.ts says how much).
    files: [
      'renderer/src/db/queue/queueGroupWrite.ts',
      'renderer/src/db/queue/queueGroupOutcomes.ts',
      'renderer/src/db/queue/groupLaneCheck.ts',
      'renderer/src/db/queue/queueClaim.ts',
      'renderer/src/db/historyNames.ts'
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'AwaitExpression', message: 'Chain with .then inside a queue transaction: see queueGroupWrite.ts.' },
        { selector: ':function[async=true]', message: 'No async functions inside a queue transaction: see queueGroupWrite.ts.' }
      ]
    }
  },
  {
    // The functions of these files that the queue's group transaction calls (the others may await).
    files: ['renderer/src/db/draftStore.ts', 'renderer/src/db/queue/queueReads.ts', 'renderer/src/db/syncHistory.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'FunctionDeclaration[async=true][id.name=/^(readBeforePut|readManyBeforePut|loadLiveDraft|requestsAhead|earlierInLane|isWaitingBehindEarlier|syncRecordOf)$/]',
          message: 'The queue transaction calls this: chain with .then, no async (see queueGroupWrite.ts).'
        }
      ]
    }
  }
)
