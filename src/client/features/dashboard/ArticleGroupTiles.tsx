import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatDecimal } from '../../../domain/format';
import { useGetVisibleArticleGroupsQuery } from '../../api/catalogApi';
import { useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { ArticleGroupIcon } from '../../components/ArticleGroupIcon';
import { selectArticleGroupTiles, useGetArticleGroupCountsQuery } from './dashboardApi';

const servicesLabel = (count: number) => `${formatDecimal(count, 0)} ${count === 1 ? 'afname' : 'afnames'}`;

/** One tile per visible article group, linking to the group's services. */
export function ArticleGroupTiles() {
  useGetVisibleArticleGroupsQuery();
  useGetArticleGroupCountsQuery();
  const tiles = useAppSelector(selectArticleGroupTiles);

  return (
    <Box component="section" aria-labelledby="dashboard-diensten">
      <Typography variant="h2" id="dashboard-diensten" sx={{ mb: 2 }}>
        Mijn diensten
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
      >
        {tiles.map(({ group, servicesCount }) => (
          <li key={group.id}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={paths.articleGroup(group)}
                sx={{ height: '100%' }}
              >
                <CardContent>
                  <ArticleGroupIcon icon={group.icon} color="primary" sx={{ fontSize: 40, mb: 1 }} />
                  <Typography variant="h3">{group.name}</Typography>
                  {servicesCount !== null && (
                    <Typography sx={{ color: 'text.secondary' }}>{servicesLabel(servicesCount)}</Typography>
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Box>
  );
}
