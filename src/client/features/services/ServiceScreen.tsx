import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatEuro } from '../../../domain/format';
import { usePermission } from '../../api/currentUserApi';
import { paths } from '../../base/paths';
import { servicesPaths } from './servicesPaths';
import { BlockStateChip } from '../../components/BlockStateChip';
import { ScreenTitle } from '../../components/ScreenTitle';
import { type Detail, DetailList } from './DetailList';
import { useActingCompany, useArticleGroup, useRouteIds, useService } from './routeData';
import { RequestActions } from './RequestActions';
import { ScreenState } from './ScreenState';
import { endUserName, fieldValue, labelledFreeFields, SPIE_LABELS, shownCategoryFields } from './serviceText';
import { SPIE_FIELDS } from './servicesApi';
import { ServicesBreadcrumbs } from './ServicesBreadcrumbs';
import { ExclVatNote } from '../../components/ExclVatNote';

/** .../{serviceId}/{endUserUrlName}: one service (docs/screens.md, 'A service'). */
export function ServiceScreen() {
  const { groupId, serviceId } = useRouteIds();
  const { group, notFound: groupNotFound } = useArticleGroup(groupId);
  const { data: service, notFound } = useService(serviceId);
  const company = useActingCompany();
  const maySeeSpieFields = usePermission('EDIT_SPIE_FIELDS');

  if (!group || !service) {
    return <ScreenState notFound={groupNotFound || notFound} message="Deze afname bestaat niet of hoort niet bij je bedrijf." />;
  }
  const { article } = service;

  const details: Detail[] = [
    { label: 'Eindgebruiker', value: endUserName(service.end_user) },
    { label: 'Omschrijving', value: article.description },
    { label: 'Prijs per periode', value: formatEuro(service.period_price) },
    { label: 'Eenmalige kosten', value: formatEuro(service.one_off_price) },
    { label: 'Orderreferentie', value: service.order_reference },
    { label: 'Startdatum', value: formatDate(service.start_time) },
    { label: 'Facturatiecyclus', value: article.billing_cycle.name },
    ...(service.end_time === null ? [] : [{ label: 'Einddatum', value: formatDate(service.end_time) }]),
    ...shownCategoryFields(group.fields).map((field) => ({ label: field.name, value: fieldValue(service, field.name) })),
    ...labelledFreeFields(company).map(({ field, label }) => ({ label, value: service[field] })),
    ...(maySeeSpieFields ? SPIE_FIELDS.map((field, index) => ({ label: SPIE_LABELS[index], value: service[field] })) : []),
  ];

  return (
    <>
      <ServicesBreadcrumbs
        crumbs={[
          { label: group.name, to: paths.articleGroup(group) },
          { label: article.name, to: paths.article(group, article) },
          { label: endUserName(service.end_user) },
        ]}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ScreenTitle>{article.name}</ScreenTitle>
          {/* Level with the title, which keeps a margin below it. */}
          <Box sx={{ mb: 3 }}>
            <BlockStateChip blockState={service.block_state} />
          </Box>
        </Stack>
        <Button component={RouterLink} to={servicesPaths.editService(group, article, service)} variant="contained" startIcon={<EditIcon />}>
          Bewerken
        </Button>
      </Stack>
      <Stack spacing={3} sx={{ maxWidth: 800 }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h2" sx={{ mb: 2 }}>
            Afname
          </Typography>
          <DetailList details={details} />
          <ExclVatNote sx={{ mt: 1 }} />
        </Paper>
        <RequestActions group={group} service={service} />
      </Stack>
    </>
  );
}
