// The screens below /mer-aanvragen, loaded as one chunk (routes.tsx).
export { PukImportScreen } from './PukImportScreen';
export { QueuedRequestScreen } from './QueuedRequestScreen';
export { RequestQueueFrame } from './RequestQueueFrame';
export { RequestQueueScreen } from './RequestQueueScreen';
