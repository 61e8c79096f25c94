import { MSG } from '../../../domain/messages';
import type { Company } from '../../api/currentUserApi';
import type { ArticleGroupField } from '../../api/catalogApi';
import { type FieldInput, type FieldValue, FREE_FIELDS, type FreeField } from './servicesApi';

export const endUserName = (endUser: { firstname: string; lastname: string } | null): string =>
  endUser ? `${endUser.firstname} ${endUser.lastname}` : MSG.noUser;

/** The value of the service's category field with this name, or ''. */
export const fieldValue = (service: { article_group_field_inputs: FieldInput[] }, fieldName: string): string =>
  service.article_group_field_inputs.find((input) => input.article_group_field.name === fieldName)?.value ?? '';

/** The value of the service's category field with this id, or ''. */
export const fieldValueById = (service: { article_group_field_inputs: FieldValue[] }, fieldId: number): string =>
  service.article_group_field_inputs.find((input) => input.article_group_field_id === fieldId)?.value ?? '';

/** docs/screens.md, 'Category and free fields': the category field named 'Data' is hidden. */
export const HIDDEN_FIELD = 'Data';

export const shownCategoryFields = (fields: ArticleGroupField[]) => fields.filter((field) => field.name !== HIDDEN_FIELD);

/** The company's free fields that have a label (input_label_1..4), in order. */
export const labelledFreeFields = (company: Company | undefined): { field: FreeField; label: string }[] =>
  FREE_FIELDS.flatMap((field, index) => {
    const label = company?.[`input_label_${index + 1}` as 'input_label_1']?.trim();
    return label ? [{ field, label }] : [];
  });

export const SPIE_LABELS = ['Spie veld 1', 'Spie veld 2', 'Spie veld 3'] as const;
