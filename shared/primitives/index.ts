/** Small building blocks with no Node, DOM or Electron in them, shared by main and the renderer. */
export { once } from './once'
export { sequential, type SequentialOptions } from './sequential'
export { coalesced } from './coalesced'
export { createListenerSet, type ListenerSet } from './listenerSet'
export { systemClock, sleep, MAX_TIMER_DELAY_MS, type Clock, type TimerHandle } from './clock'
