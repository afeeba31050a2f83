export { HOLIDAY_REGIONS, holidayRegion, isHolidayRegionCode, type HolidayRegionInfo } from './holidayRegions'
export { defaultHolidayRegion } from './defaultHolidayRegion'
export { publicHolidayMap, publicHolidaysInRange, type PublicHoliday } from './publicHolidays'
