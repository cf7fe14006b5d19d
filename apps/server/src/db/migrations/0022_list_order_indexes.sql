-- Browse Ads by price reads one country's ads in one currency in price order (a price sort or range
-- always names a country, decision 0037): (country, currency, price, id) gives exactly those rows in
-- list order, where (currency, price, id) read every country's ads in that currency and filtered
-- them, ~32 rows read per row shown (decision 0045). The old index has no other reader.
CREATE INDEX IF NOT EXISTS "ads_country_currency_price_idx" ON "ads" USING btree ("country","currency","price","id");--> statement-breakpoint
DROP INDEX IF EXISTS "ads_currency_price_idx";--> statement-breakpoint
-- The people directory (/api/users) lists people by lower(full_name), id: without this index every
-- page sorted the whole profiles table (100,000 rows at region size).
CREATE INDEX IF NOT EXISTS "profiles_lower_full_name_id_idx" ON "profiles" USING btree (lower("full_name"),"id");
