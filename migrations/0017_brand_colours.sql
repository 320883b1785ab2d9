-- Hand-written: an organization's brand colours, `#rrggbb` or null for the theme's own
-- (docs/site-look.md "Brand colours", docs/decisions/2026-11-28-brand-colour-contrast.md). The
-- Worker stores only colours that pass the contrast rule of worker/domain/brand-colours.ts.
ALTER TABLE `organizations` ADD `brand_primary` text;--> statement-breakpoint
ALTER TABLE `organizations` ADD `brand_accent` text;
