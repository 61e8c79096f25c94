import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { parseId } from '../../../domain/ids';
import { todayNoon } from '../../../domain/time';
import { useGetCompanyQuery } from '../../api/currentUserApi';
import { selectArticleGroupById, useGetVisibleArticleGroupsQuery } from '../../api/catalogApi';
import { selectActingCompanyId } from '../../base/authSlice';
import { useAppSelector } from '../../base/hooks';
import { type ArticleQuery, articleWindowQuery, useGetArticleQuery, useGetServiceQuery } from './servicesApi';
import { SHOW_HISTORIC_PARAM, showHistoricIn } from './servicesPaths';

/** The ids in the address of a services screen; null when a segment is not a valid id. */
export const useRouteIds = () => {
  const params = useParams();
  return { groupId: parseId(params.groupId), articleId: parseId(params.articleId), serviceId: parseId(params.serviceId) };
};

/** The article group of the address, from the visible groups (they carry the category fields). */
export const useArticleGroup = (groupId: number | null) => {
  const { isLoading, isError } = useGetVisibleArticleGroupsQuery();
  const group = useAppSelector((state) => (groupId === null ? undefined : selectArticleGroupById(state, groupId)));
  return { group, isLoading, notFound: groupId === null || isError || (!isLoading && !group) };
};

/**
 * The article of the address with the first window of its services (every article screen asks
 * the same, so they share one request); the article page may include ended services, sort them
 * and asks further windows itself (useServiceWindows).
 */
export const useArticle = (articleId: number | null, showHistoric = false, order?: ArticleQuery['order']) => {
  const query: ArticleQuery | null = articleId === null ? null : articleWindowQuery(articleId, showHistoric, 0, order);
  const result = useGetArticleQuery(query ?? skipToken);
  return { ...result, query, notFound: articleId === null || result.isError };
};

export const useService = (serviceId: number | null) => {
  const result = useGetServiceQuery(serviceId ?? skipToken);
  return { ...result, notFound: serviceId === null || result.isError };
};

/** The acting company: its labels name the free fields. */
export const useActingCompany = () => {
  const companyId = useAppSelector(selectActingCompanyId);
  return useGetCompanyQuery(companyId ?? skipToken).data;
};

/** 'Toon Historische Afnames', kept in the query string as show_historic=1 (docs/screens.md, 'Article page'). */
export const useShowHistoric = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const showHistoric = showHistoricIn(searchParams);
  const setShowHistoric = (show: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (show) next.set(SHOW_HISTORIC_PARAM, '1');
        else next.delete(SHOW_HISTORIC_PARAM);
        return next;
      },
      { replace: true },
    );
  return [showHistoric, setShowHistoric] as const;
};

/** Today 12:00 in the business zone, fixed for the life of the screen. */
export const useTodayNoon = () => useMemo(() => todayNoon(), []);
