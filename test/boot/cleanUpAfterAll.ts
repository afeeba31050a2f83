import { rm } from 'node:fs/promises'
import { afterAll } from 'vitest'
import { bootBuiltMain, type BootedMain } from './bootBuiltMain'

export interface FileCleanUp {
  /** Boots the built main; its work folder is removed after all the file's tests. */
  boot(...args: Parameters<typeof bootBuiltMain>): Promise<BootedMain>
  /** Something else to undo after all the file's tests (a folder the test made, a feed to close). */
  later(cleanUp: () => Promise<unknown>): void
}

/**
 * A boot test file's set-up: booting the built main changes process.env and writes a work folder, so after
 * all the file's tests the env is put back as it was and everything registered is removed.
 */
export function cleanUpAfterAll(): FileCleanUp {
  const savedEnv = { ...process.env }
  const cleanUps: (() => Promise<unknown>)[] = []
  afterAll(async () => {
    process.env = savedEnv
    for (const cleanUp of cleanUps) await cleanUp()
  })
  return {
    async boot(...args) {
      const booted = await bootBuiltMain(...args)
      cleanUps.push(() => rm(booted.workDir, { recursive: true, force: true }))
      return booted
    },
    later(cleanUp) {
      cleanUps.push(cleanUp)
    }
  }
}
