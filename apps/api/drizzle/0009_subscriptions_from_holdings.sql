-- Hand-written data migration (docs/decisions/015): the holdings of profile_packages become
-- subscriptions before 0010 drops the table. Operator grants (source 'operator') are store 'hand'.
-- Per profile and package only the holding lasting longest stays live (ended_at null, as the
-- partial unique index subscriptions_live_idx allows one); every other row is history, ended at its end.
INSERT INTO "subscriptions" (
  "profile_id", "package_id", "status", "store_name", "source", "period_start", "period_end",
  "auto_renew", "ended_at", "created_at", "updated_at"
)
SELECT
  "profile_id", "package_id", 'confirmed',
  CASE WHEN "source" = 'operator' THEN 'hand' ELSE "source" END,
  "source", "valid_from", "valid_until", false,
  CASE WHEN "rank" = 1 AND ("valid_until" IS NULL OR "valid_until" > now()) THEN NULL
       ELSE least(coalesce("valid_until", now()), now()) END,
  "created_at", "created_at"
FROM (
  SELECT *, row_number() OVER (
    PARTITION BY "profile_id", "package_id"
    ORDER BY ("valid_until" IS NULL OR "valid_until" > now()) DESC, "valid_until" DESC NULLS FIRST, "id" DESC
  ) AS "rank"
  FROM "profile_packages"
) AS "holdings"
ORDER BY "id";
--> statement-breakpoint
-- Every package imported before tariffs existed gets its main tariff from its pay_text and cost (a
-- month, no trial); the next catalogue import writes the manifest's tariffs over it.
INSERT INTO "tariffs" ("package_id", "position", "amount", "currency", "period_months", "trial_days", "pay_text")
SELECT "id", 0, "cost" * 100, 'RUB', 1, 0, "pay_text" FROM "packages" AS "p"
WHERE NOT EXISTS (SELECT 1 FROM "tariffs" AS "t" WHERE "t"."package_id" = "p"."id");
