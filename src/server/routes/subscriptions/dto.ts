import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { articles, billingCycles, endUsers, services } from '../../db/schema';
import type { Actor } from '../../services/auth/actor';
import { toEpoch } from '../../serialize';
import { fieldInputsOf } from '../../services/serviceRows';
import type { ServiceAnswer } from './schemas';

/**
 * A service of the acting company in the API's shape (docs/api.md, 'Answers'), or null. The provider fields are only
 * shown to callers with EDIT_SPIE_FIELDS (docs/screens.md, 'A service').
 */
export const serviceDto = async (db: Db, actor: Actor, id: number): Promise<ServiceAnswer | null> => {
  const [row] = await db
    .select({ service: services, article: articles, cycleName: billingCycles.name, endUser: endUsers })
    .from(services)
    .innerJoin(articles, eq(articles.id, services.articleId))
    .innerJoin(billingCycles, eq(billingCycles.id, articles.billingCycleId))
    .leftJoin(endUsers, eq(endUsers.id, services.endUserId))
    .where(and(eq(services.id, id), eq(services.companyId, actor.companyId)))
    .limit(1);
  if (!row) return null;
  const { service: s, article: a, endUser } = row;
  const inputs = await fieldInputsOf(db, [s.id]);
  const spie = actor.permissions.EDIT_SPIE_FIELDS;
  return {
    id: s.id,
    article_id: s.articleId,
    article: {
      id: a.id,
      name: a.name,
      description: a.description,
      article_group_id: a.articleGroupId,
      price: Number(a.price),
      setup_price: Number(a.setupPrice),
      billing_cycle: { id: a.billingCycleId, name: row.cycleName },
    },
    end_user_id: s.endUserId,
    end_user: endUser ? { id: endUser.id, firstname: endUser.firstname, lastname: endUser.lastname } : null,
    price: s.price === null ? null : Number(s.price),
    setup_price: s.setupPrice === null ? null : Number(s.setupPrice),
    // What this service costs per period and once: its own override, else the article's price.
    period_price: Number(s.price ?? a.price),
    one_off_price: Number(s.setupPrice ?? a.setupPrice),
    order_reference: s.orderReference,
    start_time: toEpoch(s.startTime)!,
    end_time: toEpoch(s.endTime),
    contract_period: s.contractPeriod,
    input_field_1: s.inputField1,
    input_field_2: s.inputField2,
    input_field_3: s.inputField3,
    input_field_4: s.inputField4,
    spie_field_1: spie ? s.spieField1 : null,
    spie_field_2: spie ? s.spieField2 : null,
    spie_field_3: spie ? s.spieField3 : null,
    article_group_field_inputs: inputs.get(s.id) ?? [],
    block_state: s.blockState,
  };
};
