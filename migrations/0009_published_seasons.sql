-- A season can be published before it becomes active: the public site lists it as "upcoming"
-- (docs/published-seasons.md). Existing seasons stay unpublished; the active one shows anyway.
ALTER TABLE `seasons` ADD `published` integer DEFAULT false NOT NULL;
