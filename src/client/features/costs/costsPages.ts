// The screens below /kosten, loaded as one chunk (routes.tsx).
export { AllocationScreen, AllocationValueScreen, GroupAllocationScreen, GroupAllocationValueScreen } from './AllocationScreen';
export { CostsArticleScreen } from './CostsArticleScreen';
export { CostsDetailScreen } from './CostsDetailScreen';
export { CostsOverviewScreen } from './CostsOverviewScreen';
export { CostsPageNotFound, CostsScreen } from './CostsScreen';
export { GroupBranchOverviewScreen, GroupBranchScreen } from './GroupBranchScreen';
export { GroupCostsScreen } from './GroupCostsScreen';
