/** The payroll API client and the pieces main wires around it. */
export { createApiClient, DEFAULT_TIMEOUTS, type ApiClient, type ApiClientOptions, type ApiTimeouts, type ListEmployeesOptions } from './apiClient'
export type { ApiOutcome } from './apiOutcome'
export { classifyResponse, type HttpAnswer } from './classifyResponse'
export { classifyTransportError } from './classifyTransportError'
export { parseErrorBody, type ParsedErrorBody } from './parseErrorBody'
export { requestRateLimiter, type RequestRateLimiter, type RequestRateLimiterOptions } from './requestRateLimiter'
export {
  dailyQuotaCounter,
  officeQuotaLimit,
  quotaLimitFor,
  type DailyQuotaCounter,
  type DailyQuotaCounterOptions,
  type QuotaCounts,
  type QuotaStore
} from './dailyQuotaCounter'
export { jsonFileQuotaStore } from './jsonFileQuotaStore'
export {
  connectivityMonitor,
  type ConnectivityMonitor,
  type ConnectivityMonitorOptions,
  type ConnectivityStatus,
  type Reachability
} from './connectivityMonitor'
export { httpProbe } from './httpProbe'
