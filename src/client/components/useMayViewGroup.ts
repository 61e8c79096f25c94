import { skipToken } from '@reduxjs/toolkit/query';
import { useGetCompanyQuery, usePermission } from '../api/currentUserApi';
import { selectActingCompanyId } from '../base/authSlice';
import { useAppSelector } from '../base/hooks';

/** The group view is for users who may act for the branches of their parent company, of a company that has one. */
export const useMayViewGroup = (): boolean => {
  const mayEditParent = usePermission('EDIT_PARENT_COMPANY');
  const companyId = useAppSelector(selectActingCompanyId);
  const { data: company } = useGetCompanyQuery(mayEditParent && companyId !== null ? companyId : skipToken);
  return mayEditParent && Boolean(company?.parent_company_id);
};
