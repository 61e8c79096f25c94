import { useNavigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../base/hooks';
import { DeleteButton } from '../../components/DeleteButton';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import {
  type AdminArticleGroup,
  selectAdminArticleGroupById,
  useDeleteArticleGroupMutation,
  useEditArticleGroupMutation,
  useGetArticleGroupsQuery,
} from './adminApi';
import { AdminBreadcrumbs } from './AdminBreadcrumbs';
import { AdminNotFound } from './AdminNotFound';
import { adminPaths, routeId } from './adminPaths';
import { ArticleGroupForm, articleGroupValues } from './ArticleGroupForm';

const TITLE = 'Artikelgroep wijzigen';
const toArticleGroups = adminPaths.overview('artikelgroepen');

function EditArticleGroupForm({ group }: { group: AdminArticleGroup }) {
  const [editArticleGroup] = useEditArticleGroupMutation();
  const [deleteArticleGroup, { isLoading: deleting }] = useDeleteArticleGroupMutation();
  const navigate = useNavigate();

  return (
    <ArticleGroupForm
      title={TITLE}
      initialValues={articleGroupValues(group)}
      save={async (input) => {
        const saved = await editArticleGroup({ id: group.id, ...input })
          .unwrap()
          .catch(() => null);
        if (saved) navigate(toArticleGroups);
      }}
      actions={
        // A refusal (409 while articles use the group) shows the server's message as a toast.
        <DeleteButton
          title="Artikelgroep verwijderen"
          text={`Weet je zeker dat je '${group.name}' wilt verwijderen? Dit kan alleen als geen artikel de groep meer gebruikt.`}
          remove={() => deleteArticleGroup(group.id).unwrap()}
          busy={deleting}
          then={toArticleGroups}
        />
      }
    />
  );
}

/** /mer-admin/artikel-categorien/{articleGroupId}/categorie-wijzigen */
export function EditArticleGroupScreen() {
  const id = routeId(useParams().articleGroupId);
  const { isLoading } = useGetArticleGroupsQuery();
  const group = useAppSelector((state) => selectAdminArticleGroupById(state, id));

  if (!group) {
    if (isLoading) return <PageLoading />;
    return <AdminNotFound tab="artikelgroepen" screenTitle={TITLE} heading="Artikelgroep niet gevonden" text="Deze artikelgroep bestaat niet (meer)." backLabel="Naar de artikelgroepen" />;
  }

  return (
    <>
      <AdminBreadcrumbs tab="artikelgroepen" current={group.name} />
      <ScreenTitle>{TITLE}</ScreenTitle>
      <EditArticleGroupForm key={group.id} group={group} />
    </>
  );
}
