// One line of a record list, as the record book answers it (docs/records.md): the API's own types
// (worker/contract/records.ts), so the SPA and the cards read them without the data layer.
export type { RecordEntry, RecordList } from '../contract/records'
