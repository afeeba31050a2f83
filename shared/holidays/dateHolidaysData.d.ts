// date-holidays ships no types for its data entry; only the version is read (scripts and the table's test).
declare module 'date-holidays/data' {
  export const data: { version: string }
}
