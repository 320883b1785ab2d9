-- Staff lift a player's suspension without erasing it (docs/registration.md "Suspensions",
-- docs/decisions/2026-11-29-suspensions-lifted-not-deleted.md): `lifted_at` is when it was lifted
-- (null: not lifted). The until date stays as it was set, so the history shows both.
-- player_suspensions already has its move guards (0032) and audit triggers (0031, regenerated in 0037).
ALTER TABLE `player_suspensions` ADD `lifted_at` text;
