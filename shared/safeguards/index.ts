export {
  duplicateKey,
  findClashes,
  findExactDuplicates,
  findOverlaps,
  isExactDuplicate,
  sharedDays,
  type LeaveClash,
  type LeaveSpan
} from './leaveOverlaps'
export { drawsOnTopOfBalance, projectBalance, type BalanceDraw, type ProjectedBalance } from './projectedBalance'
