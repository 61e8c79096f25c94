// The usage screens, loaded as one chunk (routes.tsx).
export { ReportDetailScreen } from './ReportDetailScreen';
export { ReportScreen } from './ReportScreen';
export { UsageNotFound } from './UsageNotFound';
