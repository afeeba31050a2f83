import { createContext, useContext } from 'react'
import type { AppServices } from './openAppServices'

export const AppServicesContext = createContext<AppServices | null>(null)

/** The api, repository and sync runner; only screens below <Bootstrap> may use it. */
export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext)
  if (!services) throw new Error('useAppServices() needs <Bootstrap> above it.')
  return services
}
