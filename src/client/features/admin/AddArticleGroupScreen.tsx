import { useNavigate } from 'react-router-dom';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useAddArticleGroupMutation } from './adminApi';
import { AdminBreadcrumbs } from './AdminBreadcrumbs';
import { adminPaths } from './adminPaths';
import { ArticleGroupForm, emptyArticleGroup } from './ArticleGroupForm';

const TITLE = 'Artikelgroep toevoegen';

/** /mer-admin/artikel-categorie-toevoegen */
export function AddArticleGroupScreen() {
  const [addArticleGroup] = useAddArticleGroupMutation();
  const navigate = useNavigate();

  return (
    <>
      <AdminBreadcrumbs tab="artikelgroepen" current={TITLE} />
      <ScreenTitle>{TITLE}</ScreenTitle>
      <ArticleGroupForm
        title={TITLE}
        initialValues={emptyArticleGroup}
        save={async (input) => {
          const added = await addArticleGroup(input)
            .unwrap()
            .catch(() => null);
          if (added) navigate(adminPaths.overview('artikelgroepen'));
        }}
      />
    </>
  );
}
