import { MSG } from '../../domain/messages';
import type { MessageAnswer } from '../../server/routes/schemas';
import { declareToasts, inServerWords } from '../base/callToasts';
import { api } from './api';

/** Whom an activation mail goes to: a contact person of a company. */
export interface Recipient {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
}

export const recipientName = (recipient: Recipient) => `${recipient.firstname} ${recipient.lastname}`;

/**
 * The activation mail, shared by the provider's company list and a customer's own contact persons
 * (both CREATE_USER; the server keeps a customer to its own company).
 */
export const activationMailApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A GET with an effect, hence a mutation; the recipient is carried along for the success toast. */
    sendActivationMail: build.mutation<MessageAnswer, Recipient>({
      query: ({ id }) => `users/activate/${id}`,
      invalidatesTags: (_result, error) => (error ? [] : ['AuditLog']),
    }),
  }),
});

export const { useSendActivationMailMutation } = activationMailApi;

declareToasts(activationMailApi.endpoints, {
  sendActivationMail: {
    succeeded: (recipient) => ({ message: `${MSG.activationSent} naar ${recipient.email}.`, variant: 'success' }),
    failed: inServerWords,
  },
});
