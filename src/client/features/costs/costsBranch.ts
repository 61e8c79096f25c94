import { createContext, useContext } from 'react';
import type { DateRange } from '../../../domain/time';
import type { CostsPeriod } from './costsApi';
import type { GroupBranch } from './groupApi';

/**
 * Whose costs a costs screen shows: null for the acting company's own (/kosten and below), or a branch of its group,
 * read-only, below /kosten/groep/{id}/{naam} (docs/screens.md, 'Groepsoverzicht'). GroupBranchScreen provides it.
 */
export const CostsBranchContext = createContext<GroupBranch | null>(null);

export const useCostsBranch = () => useContext(CostsBranchContext);

/** A costs call's period for the screen's company: the branch's read-only call when there is one. */
export const periodOf = (range: DateRange, branch: GroupBranch | null): CostsPeriod => (branch ? { ...range, branchId: branch.company_id } : range);

/** The branch as the costs paths name it. */
export const branchRef = (branch: GroupBranch | null) => (branch ? { id: branch.company_id, name: branch.name } : null);
