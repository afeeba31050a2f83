import { z } from 'zod'
import { resultSchema } from '../apiError'
import { contactSchema, employeeSchema, insertUpdateResultSchema, payItemSchema } from '../apiSchemas'
import { calendarDateOf } from '../calendarDate'
import { leaveRequestInsertSchema, leaveRequestRecordSchema, leaveRequestUpdateSchema } from '../leaveRequestSchema'
import { appInfoSchema } from './appInfo'
import { EVENT_CHANNELS, INVOKE_CHANNELS, type EventName, type InvokeName } from './channelNames'
import { connectivityStatusSchema } from './connectivity'
import { fileIdentitySchema } from './fileIdentity'
import { sessionStatusSchema } from './sessionStatus'
import { connectionReportSchema } from './connectionTest'
import { apiBaseUrlSchema, settingsPatchSchema, settingsSchema } from './settings'
import { payrollKeySchema, requestKeySchema, settledWriteSchema, writeInFlightSchema } from './writesInFlight'
import { restartToUpdateAnswerSchema, updateStatusSchema } from './updateStatus'
import { teamRequestDocSchema } from '../team/teamRequestDoc'
import { MAX_TEAM_BODY_CHARS, teamConnectionReportSchema, teamFetchAnswerSchema, teamFetchRequestSchema, teamServerInputSchema, teamServerViewSchema } from './teamServer'
import { officeShareSchema, officeSpendSchema } from './officeShare'

/**
 * THE IPC contract: every channel the renderer may call, with the schema of its arguments (a tuple, one
 * entry per argument of the `window.leaveDesk` function) and of its answer (always the Result envelope).
 * Main registers one handler per entry, the preload exposes one function per entry, the renderer and the
 * Playwright harness call them. Add a channel here and the compiler points at every place to update.
 */

export interface ChannelSpec<I extends z.ZodTuple = z.ZodTuple, D extends z.ZodType = z.ZodType> {
  channel: string
  /** The argument names, in order: error messages name the argument that failed to parse. */
  args: readonly string[]
  input: I
  /** The schema of `data` in a successful answer. */
  data: D
  /** The whole answer: `{ ok: true, value: data } | { ok: false, error }`. */
  output: ReturnType<typeof resultSchema<D>>
  /** Kept for now, to be removed: the UI should steer the clerk away from it. */
  deprecated: boolean
  summary: string
  /** The longest text any argument may hold, when a channel needs more than main's usual bound. */
  maxStringLength?: number
}

function defineChannel<I extends z.ZodTuple, D extends z.ZodType>(
  name: InvokeName,
  spec: { args: readonly string[]; input: I; data: D; summary: string; deprecated?: boolean; maxStringLength?: number }
): ChannelSpec<I, D> {
  return { channel: INVOKE_CHANNELS[name], ...spec, output: resultSchema(spec.data), deprecated: spec.deprecated ?? false }
}

const positiveId = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int({ error: `${label} must be a whole number.` })
    .positive({ error: `${label} must be a positive number.` })
    .max(2_147_483_647, { error: `${label} is too large.` })

const boundedText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} is too long.` })

const fileId = positiveId('File')
/** `leaveBalanceAsAt`: balances as payroll has them on that calendar day (`LeaveBalanceAsAtDate`). */
const listEmployeesOptionsSchema = z
  .object({ leaveBalanceAsAt: z.string().refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && calendarDateOf(value) === value, 'a date, YYYY-MM-DD').optional() })
  .strict()
const leaveRequestId = positiveId('Leave request id')
const sessionStatus = sessionStatusSchema

export const ipcChannels = {
  signInWithPassword: defineChannel('signInWithPassword', {
    summary: 'Sign in with the OAuth password grant.',
    args: ['username', 'password'],
    input: z.tuple([boundedText('User name', 256), boundedText('Password', 1024)]),
    data: sessionStatus
  }),
  signInWithLegacyKey: defineChannel('signInWithLegacyKey', {
    summary: 'Sign in with a web-services access key for one file (legacy, to be phased out).',
    deprecated: true,
    args: ['wsAccessKey', 'fileId'],
    input: z.tuple([boundedText('Access key', 512), fileId]),
    data: sessionStatus
  }),
  signOut: defineChannel('signOut', {
    summary: 'End the session and forget its tokens.',
    args: [],
    input: z.tuple([]),
    data: sessionStatus
  }),
  getSessionStatus: defineChannel('getSessionStatus', {
    summary: 'The session as the renderer may see it (never a token).',
    args: [],
    input: z.tuple([]),
    data: sessionStatus
  }),
  allowUnencryptedTokenStorage: defineChannel('allowUnencryptedTokenStorage', {
    summary: 'The clerk agreed to keep the session on disk without a keyring (Linux basic_text).',
    args: [],
    input: z.tuple([]),
    data: sessionStatus
  }),
  withdrawUnencryptedTokenStorage: defineChannel('withdrawUnencryptedTokenStorage', {
    summary: 'The clerk takes that consent back: the session file is removed; this run stays signed in.',
    args: [],
    input: z.tuple([]),
    data: sessionStatus
  }),
  listFiles: defineChannel('listFiles', {
    summary: 'The file ids the session may open.',
    args: [],
    input: z.tuple([]),
    data: z.array(z.number().int().positive())
  }),
  insertLeaveRequest: defineChannel('insertLeaveRequest', {
    summary:
      'POST /Payroll/LeaveRequest; an optional requestKey lists it in listWritesInFlight until answered (a key already received gets that write’s outcome, never a second send); an optional payroll must be the one main talks to.',
    args: ['fileId', 'body', 'requestKey', 'payroll'],
    input: z.tuple([fileId, leaveRequestInsertSchema, requestKeySchema.optional(), payrollKeySchema.optional()]),
    data: insertUpdateResultSchema
  }),
  getLeaveRequest: defineChannel('getLeaveRequest', {
    summary: 'GET /Payroll/LeaveRequest/{id}.',
    args: ['fileId', 'id'],
    input: z.tuple([fileId, leaveRequestId]),
    data: leaveRequestRecordSchema
  }),
  putLeaveRequest: defineChannel('putLeaveRequest', {
    summary: 'PUT /Payroll/LeaveRequest/{id}, with the LastModifiedDateUtc last read; optional requestKey and payroll as for insert.',
    args: ['fileId', 'id', 'body', 'requestKey', 'payroll'],
    input: z.tuple([fileId, leaveRequestId, leaveRequestUpdateSchema, requestKeySchema.optional(), payrollKeySchema.optional()]),
    data: insertUpdateResultSchema
  }),
  listEntitlements: defineChannel('listEntitlements', {
    summary: 'The leave pay items of a file.',
    args: ['fileId'],
    input: z.tuple([fileId]),
    data: z.array(payItemSchema)
  }),
  listEmployees: defineChannel('listEmployees', {
    summary: 'The employees of a file (GET /Payroll/Employees, every page), with their leave balances; as at a date when asked.',
    args: ['fileId', 'options'],
    input: z.tuple([fileId, listEmployeesOptionsSchema.optional()]),
    data: z.array(employeeSchema)
  }),
  listContacts: defineChannel('listContacts', {
    summary: 'The contacts of a file, every page.',
    args: ['fileId'],
    input: z.tuple([fileId]),
    data: z.array(contactSchema)
  }),
  getSettings: defineChannel('getSettings', {
    summary: 'The current settings.',
    args: [],
    input: z.tuple([]),
    data: settingsSchema
  }),
  updateSettings: defineChannel('updateSettings', {
    summary: 'Change some settings; answers the settings now in force.',
    args: ['patch'],
    input: z.tuple([settingsPatchSchema]),
    data: settingsSchema
  }),
  getConnectivityStatus: defineChannel('getConnectivityStatus', {
    summary: 'Whether the payroll API answered lately.',
    args: [],
    input: z.tuple([]),
    data: connectivityStatusSchema
  }),
  getAppInfo: defineChannel('getAppInfo', {
    summary: 'Version and backend (embedded sandbox with demo credentials, or a remote API).',
    args: [],
    input: z.tuple([]),
    data: appInfoSchema
  }),
  listWritesInFlight: defineChannel('listWritesInFlight', {
    summary: 'The inserts/updates (by requestKey) main is still sending: hold "Send again" for these.',
    args: [],
    input: z.tuple([]),
    data: z.array(writeInFlightSchema)
  }),
  takeSettledWrites: defineChannel('takeSettledWrites', {
    summary: 'Answers to writes whose asking page went away (reload), each handed out once.',
    args: [],
    input: z.tuple([]),
    data: z.array(settledWriteSchema)
  }),
  testConnection: defineChannel('testConnection', {
    summary: 'Settings: is a payroll address reachable, its certificate trusted, and does it answer like payroll?',
    args: ['address'],
    input: z.tuple([apiBaseUrlSchema]),
    data: connectionReportSchema
  }),
  openLogsFolder: defineChannel('openLogsFolder', {
    summary: "Opens the folder of Leave Desk's logs in the system's file manager.",
    args: [],
    input: z.tuple([]),
    data: z.null()
  }),
  checkConnectivity: defineChannel('checkConnectivity', {
    summary: 'Probe payroll now (the window gained focus, the network changed, requests are waiting); answers what it found.',
    args: [],
    input: z.tuple([]),
    data: connectivityStatusSchema
  }),
  listFileIdentities: defineChannel('listFileIdentities', {
    summary: 'The files the clerk may open, with their business names and countries (GET /FileIdentities).',
    args: [],
    input: z.tuple([]),
    data: z.array(fileIdentitySchema)
  }),
  getUpdateStatus: defineChannel('getUpdateStatus', {
    summary: 'Whether an application update is downloading or ready to install.',
    args: [],
    input: z.tuple([]),
    data: updateStatusSchema
  }),
  restartToUpdate: defineChannel('restartToUpdate', {
    summary: 'The clerk asked to restart into the downloaded update; waits for requests being sent first.',
    args: [],
    input: z.tuple([]),
    data: restartToUpdateAnswerSchema
  }),
  getTeamServer: defineChannel('getTeamServer', {
    summary: 'The team server as the page may see it (never the password), and who this install is.',
    args: [],
    input: z.tuple([]),
    data: teamServerViewSchema
  }),
  saveTeamServer: defineChannel('saveTeamServer', {
    summary: 'Settings → Team: keep the team server, its user and password (encrypted in main) and the database of a payroll file.',
    args: ['server'],
    input: z.tuple([teamServerInputSchema]),
    data: teamServerViewSchema
  }),
  forgetTeamServer: defineChannel('forgetTeamServer', {
    summary: 'Settings → Team: no team server any more (the password file is removed).',
    args: [],
    input: z.tuple([]),
    data: teamServerViewSchema
  }),
  testTeamServer: defineChannel('testTeamServer', {
    summary: 'Settings → Team: reachable, trusted, signed in, allowed to write this database?',
    args: ['server'],
    input: z.tuple([teamServerInputSchema]),
    data: teamConnectionReportSchema
  }),
  teamFetch: defineChannel('teamFetch', {
    summary: "One HTTP request of the team replicator, relative to the payroll file's team database; main adds the credentials and sends it.",
    args: ['fileId', 'request'],
    input: z.tuple([fileId, teamFetchRequestSchema]),
    data: teamFetchAnswerSchema,
    maxStringLength: MAX_TEAM_BODY_CHARS
  }),
  shareOfficeBudget: defineChannel('shareOfficeBudget', {
    summary: 'The office’s rate budget from the team replica (turns among the installs sending, colleagues’ spend today); answers this install’s spend.',
    args: ['share'],
    input: z.tuple([officeShareSchema]),
    data: officeSpendSchema
  }),
  practiceColleagueRequests: defineChannel('practiceColleagueRequests', {
    summary: "Practice only: the requests Sam, the practice colleague, sent to this practice file, as Sam's team documents.",
    args: ['fileId'],
    input: z.tuple([fileId]),
    data: z.array(teamRequestDocSchema)
  })
} satisfies Record<InvokeName, ChannelSpec>

export interface EventSpec<P extends z.ZodType = z.ZodType> {
  channel: string
  payload: P
}

export const ipcEvents = {
  onSessionChanged: { channel: EVENT_CHANNELS.onSessionChanged, payload: sessionStatusSchema },
  onConnectivityChanged: { channel: EVENT_CHANNELS.onConnectivityChanged, payload: connectivityStatusSchema },
  onUpdateStatus: { channel: EVENT_CHANNELS.onUpdateStatus, payload: updateStatusSchema }
} satisfies Record<EventName, EventSpec>

export type IpcChannels = typeof ipcChannels
export type IpcEvents = typeof ipcEvents
