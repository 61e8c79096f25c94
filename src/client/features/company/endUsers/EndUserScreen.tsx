import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Chip, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../../domain/format';
import { useAppSelector } from '../../../base/hooks';
import { paths } from '../../../base/paths';
import { companyPaths } from '../companyPaths';
import { BlockStateChip } from '../../../components/BlockStateChip';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { ScreenTitle } from '../../../components/ScreenTitle';
import { EndUserFrame, fullName } from './EndUserFrame';
import { type EndUser, type EndUserServiceRow, selectEndUserServiceRows, type ServiceStatus } from './endUsersApi';

const STATUS: Record<ServiceStatus, { label: string; color: 'success' | 'default' | 'info' }> = {
  active: { label: 'Actief', color: 'success' },
  planned: { label: 'Nog niet gestart', color: 'info' },
  ended: { label: 'Beëindigd', color: 'default' },
};

function ServicesTable({ endUser }: { endUser: EndUser }) {
  // One instant for the whole table, so that the rows agree on what is active.
  const [nowSeconds] = useState(() => Math.floor(Date.now() / 1000));
  const rows = useAppSelector((state) => selectEndUserServiceRows(state, endUser.id, nowSeconds));
  // docs/rules.md, 'Article groups': a phone number only exists in groups with a field used for usage records.
  const showPhoneNumber = rows.some((row) => row.phoneNumber !== null);

  if (rows.length === 0) return <Typography>Deze eindgebruiker heeft geen afnames.</Typography>;

  const serviceLink = ({ service }: EndUserServiceRow) =>
    paths.service(
      { id: service.article.article_group_id, name: service.article.article_group_name },
      service.article,
      { id: service.id, end_user: endUser },
    );

  const columns: DataColumn<EndUserServiceRow>[] = [
    {
      header: 'Artikel',
      cell: (row) => (
        <Link component={RouterLink} to={serviceLink(row)}>
          {row.service.article.name}
        </Link>
      ),
    },
    { header: 'Categorie', cell: (row) => row.service.article.article_group_name },
    ...(showPhoneNumber ? [{ header: 'Telefoonnummer', cell: (row: EndUserServiceRow) => row.phoneNumber ?? '' }] : []),
    { header: 'Startdatum', cell: (row) => formatDate(row.service.start_time) },
    { header: 'Einddatum', cell: (row) => (row.service.end_time === null ? '' : formatDate(row.service.end_time)) },
    {
      header: 'Status',
      cell: (row) => (
        // docs/requests.md, 'Blocking': a blocked afname says so beside its status.
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Chip size="small" variant="outlined" label={STATUS[row.status].label} color={STATUS[row.status].color} />
          <BlockStateChip blockState={row.service.block_state} />
        </Box>
      ),
    },
  ];

  return <DataTable labelledBy="afnames-eindgebruiker" columns={columns} rows={rows} rowKey={(row) => row.service.id} />;
}

/** /mijn-bedrijf/end-users/{id}/{endUserUrlName}: an end user and the services in their name. */
export function EndUserScreen() {
  return (
    <EndUserFrame>
      {(endUser) => (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
            <ScreenTitle>{fullName(endUser)}</ScreenTitle>
            <Button component={RouterLink} to={companyPaths.editEndUser(endUser)} variant="contained" startIcon={<EditIcon />}>
              Bewerken
            </Button>
          </Box>
          <Typography variant="h2" id="afnames-eindgebruiker" sx={{ mb: 1.5 }}>
            Afnames
          </Typography>
          <ServicesTable endUser={endUser} />
        </>
      )}
    </EndUserFrame>
  );
}
