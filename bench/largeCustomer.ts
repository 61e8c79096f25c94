import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/server/db';

export const LARGE = {
  articles: 2000,
  services: 50000,
  endUsers: 20000,
  bulkEntries: 5000,
  /** Services of the one article the article-page benchmark opens. */
  servicesOnBigArticle: 5000,
};

/**
 * A large customer for benchmarks: 2,000 articles, 50,000 services, 20,000 end users and
 * 5,000 bulk entries, generated in SQL so it takes seconds (`size`: another size, e.g. the cost
 * specification's customer of 5,000 afnames). Answers the ids the benchmarks use.
 */
export const seedLargeCustomer = async (db: Db, name = 'Grootbedrijf Benchmark B.V.', size: typeof LARGE = LARGE) => {
  const [company] = await queryRows<{ id: number }>(
    db,
    sql`insert into companies (name, customer_number, sap_number, price_mb, input_label_1, input_label_2)
      values (${name}, ${'BENCH-' + Date.now()}, ${'SAP-BENCH-' + Date.now()}, 0.01, 'Kostenplaats', 'Afdeling') returning id`,
  );
  const companyId = company.id;
  await db.execute(sql`insert into company_article_groups (company_id, article_group_id)
    select ${companyId}, id from article_groups where sort_order <= 6`);
  await db.execute(sql`insert into end_users (company_id, firstname, lastname)
    select ${companyId},
      (array['Jan','Sophie','Daan','Emma','Lucas','Julia','Sem','Tess','Milan','Anna'])[1 + i % 10],
      (array['de Jong','Jansen','de Vries','van den Berg','van Dijk','Bakker','Visser','Smit','Meijer','de Boer'])[1 + (i / 10) % 10] || ' ' || i
    from generate_series(1, ${size.endUsers}) as i`);
  await db.execute(sql`insert into articles (company_id, article_group_id, name, description, sku, price, setup_price, billing_cycle_id, gigabyte, from_group_bundle)
    select ${companyId}, g.id, 'Artikel ' || i, 'Omschrijving van artikel ' || i, 'SKU-' || i,
      (5 + i % 50) + 0.95, (i % 3) * 25, 1 + i % 4, case when g.sort_order = 1 then 5 end, g.sort_order = 1
    from generate_series(1, ${size.articles}) as i
      join article_groups g on g.sort_order = 1 + i % 6`);
  await db.execute(sql`insert into article_price_history (article_id, company_id, from_time, price, setup_price)
    select id, company_id, now() - interval '3 years', price, setup_price from articles where company_id = ${companyId}`);
  const [bounds] = await queryRows<{ first_article: number; first_user: number; big_article: number }>(
    db,
    sql`select (select min(id) from articles where company_id = ${companyId}) as first_article,
      (select min(id) from end_users where company_id = ${companyId}) as first_user,
      (select min(id) from articles where company_id = ${companyId} and article_group_id =
        (select id from article_groups where sort_order = 1)) as big_article`,
  );
  // The first mobile article gets 5,000 services; the rest spread over all articles.
  await db.execute(sql`insert into services (company_id, article_id, end_user_id, order_reference, start_time, end_time, input_field_1, input_field_2)
    select ${companyId},
      case when i <= ${size.servicesOnBigArticle} then ${bounds.big_article} else ${bounds.first_article} + i % ${size.articles} end,
      case when i % 17 = 0 then null else ${bounds.first_user} + i % ${size.endUsers} end,
      'ORD-' || i,
      now() - (i % 1000) * interval '1 day',
      case when i % 10 = 0 then now() - (i % 100) * interval '1 day' end,
      'KP-' || (i % 40), 'Afdeling ' || (i % 12)
    from generate_series(1, ${size.services}) as i`);
  await db.execute(sql`insert into service_field_inputs (service_id, company_id, article_group_field_id, value)
    select s.id, s.company_id, f.id,
      case when f.used_for_cdr then '06' || lpad(s.id::text, 8, '0') else '8931' || lpad(s.id::text, 15, '0') end
    from services s
      join articles a on a.id = s.article_id
      join article_group_fields f on f.article_group_id = a.article_group_id and f.name in ('Telefoonnummer', 'SIM nummer')
    where s.company_id = ${companyId}`);
  await db.execute(sql`insert into bulk_services (company_id, article_id, amount, time)
    select ${companyId}, ${bounds.first_article} + i % 500, case when (i / 500) % 5 = 4 then -1 else 3 end,
      now() - interval '2 years' + i * interval '3 hours'
    from generate_series(1, ${size.bulkEntries}) as i`);
  await db.execute(sql`analyze`);
  return { companyId, bigArticleId: bounds.big_article };
};
