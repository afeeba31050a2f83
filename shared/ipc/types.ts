import type { z } from 'zod'
import type { ApiResult } from '../apiError'
import type { EventName, InvokeName } from './channelNames'
import type { IpcChannels, IpcEvents } from './contract'

/** Types derived from the contract, shared by main's services, the preload and the renderer. */

export type ChannelData<K extends InvokeName> = z.output<IpcChannels[K]['data']>
export type ChannelArgs<K extends InvokeName> = z.input<IpcChannels[K]['input']>
export type ParsedChannelArgs<K extends InvokeName> = z.output<IpcChannels[K]['input']>
export type EventPayload<E extends EventName> = z.output<IpcEvents[E]['payload']>

export type Unsubscribe = () => void
type Subscriptions = { [E in EventName]: (listener: (payload: EventPayload<E>) => void) => Unsubscribe }

/** `window.leaveDesk`: one named function per channel, plus the event subscriptions. */
export type LeaveDeskApi = {
  [K in InvokeName]: (...args: ChannelArgs<K>) => Promise<ApiResult<ChannelData<K>>>
} & Subscriptions

/**
 * What main binds to the channels: plain async functions that receive arguments already parsed by the
 * contract, plus the sources of the events main pushes to the window.
 */
export type Services = {
  [K in InvokeName]: (...args: ParsedChannelArgs<K>) => Promise<ApiResult<ChannelData<K>>>
} & Subscriptions
