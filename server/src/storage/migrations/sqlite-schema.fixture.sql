-- index appointments_slot_uq on appointments
CREATE UNIQUE INDEX "appointments_slot_uq" on "appointments" ("boutique_id", "slot_start") where "canceled_at" is null;

-- index blog_post_categories_category_idx on blog_post_categories
CREATE INDEX "blog_post_categories_category_idx" on "blog_post_categories" ("category_id");

-- index blog_post_tags_tag_idx on blog_post_tags
CREATE INDEX "blog_post_tags_tag_idx" on "blog_post_tags" ("tag_id");

-- index blog_posts_published_idx on blog_posts
CREATE INDEX "blog_posts_published_idx" on "blog_posts" ("store", "published_at");

-- index captcha_challenges_expiry_idx on captcha_challenges
CREATE INDEX "captcha_challenges_expiry_idx" on "captcha_challenges" ("expires_at");

-- index carts_customer_owner_uq on carts
CREATE UNIQUE INDEX carts_customer_owner_uq on carts (owner) where owner like 'customer:%';

-- index carts_owner_idx on carts
CREATE INDEX "carts_owner_idx" on "carts" ("owner");

-- index cms_pages_url_path_idx on cms_pages
CREATE INDEX "cms_pages_url_path_idx" on "cms_pages" ("store", "url_path");

-- index customer_addresses_customer_idx on customer_addresses
CREATE INDEX "customer_addresses_customer_idx" on "customer_addresses" ("customer_id");

-- index customer_sessions_customer_idx on customer_sessions
CREATE INDEX "customer_sessions_customer_idx" on "customer_sessions" ("customer_id");

-- index inbox_files_created_idx on inbox_files
CREATE INDEX "inbox_files_created_idx" on "inbox_files" ("created_at");

-- index inbox_files_submission_idx on inbox_files
CREATE INDEX "inbox_files_submission_idx" on "inbox_files" ("submission_id");

-- index inbox_submissions_created_idx on inbox_submissions
CREATE INDEX "inbox_submissions_created_idx" on "inbox_submissions" ("created_at");

-- index inbox_submissions_kind_idx on inbox_submissions
CREATE INDEX "inbox_submissions_kind_idx" on "inbox_submissions" ("kind", "status", "created_at");

-- index order_comments_order_idx on order_comments
CREATE INDEX "order_comments_order_idx" on "order_comments" ("order_id", "id");

-- index orders_owner_idx on orders
CREATE INDEX "orders_owner_idx" on "orders" ("owner", "created_at");

-- index outbox_created_idx on outbox
CREATE INDEX "outbox_created_idx" on "outbox" ("created_at");

-- index outbox_queued_idx on outbox
CREATE INDEX "outbox_queued_idx" on "outbox" ("id") where "status" = 'queued';

-- index outbox_to_idx on outbox
CREATE INDEX "outbox_to_idx" on "outbox" ("to", "id");

-- index password_reset_tokens_customer_idx on password_reset_tokens
CREATE INDEX "password_reset_tokens_customer_idx" on "password_reset_tokens" ("customer_id");

-- index payment_comments_once_idx on payment_comments
CREATE UNIQUE INDEX "payment_comments_once_idx" on "payment_comments" ("order_id", "status", "comment");

-- index payments_order_token_idx on payments
CREATE INDEX "payments_order_token_idx" on "payments" ("order_token");

-- index payments_provider_id_idx on payments
CREATE UNIQUE INDEX "payments_provider_id_idx" on "payments" ("provider", "provider_payment_id");

-- index product_categories_category_idx on product_categories
CREATE INDEX "product_categories_category_idx" on "product_categories" ("category_id");

-- index products_parent_idx on products
CREATE INDEX "products_parent_idx" on "products" ("parent_id");

-- index refresh_tokens_session_idx on refresh_tokens
CREATE INDEX "refresh_tokens_session_idx" on "refresh_tokens" ("session_id");

-- index replicated_documents_checkpoint_idx on replicated_documents
CREATE INDEX "replicated_documents_checkpoint_idx" on "replicated_documents" ("collection", "owner", "updated_at", "id");

-- index replication_events_owner_idx on replication_events
CREATE INDEX "replication_events_owner_idx" on "replication_events" ("owner", "collection", "seq");

-- index reviews_customer_idx on reviews
CREATE INDEX "reviews_customer_idx" on "reviews" ("customer_id", "id");

-- index reviews_product_idx on reviews
CREATE INDEX "reviews_product_idx" on "reviews" ("product_id", "status", "id");

-- index reviews_status_idx on reviews
CREATE INDEX "reviews_status_idx" on "reviews" ("status", "id");

-- index sqlite_autoindex_applied_writes_1 on applied_writes
(no sql);

-- index sqlite_autoindex_appointments_1 on appointments
(no sql);

-- index sqlite_autoindex_attributes_1 on attributes
(no sql);

-- index sqlite_autoindex_blog_categories_1 on blog_categories
(no sql);

-- index sqlite_autoindex_blog_post_categories_1 on blog_post_categories
(no sql);

-- index sqlite_autoindex_blog_post_tags_1 on blog_post_tags
(no sql);

-- index sqlite_autoindex_blog_posts_1 on blog_posts
(no sql);

-- index sqlite_autoindex_blog_tags_1 on blog_tags
(no sql);

-- index sqlite_autoindex_boutiques_1 on boutiques
(no sql);

-- index sqlite_autoindex_captcha_challenges_1 on captcha_challenges
(no sql);

-- index sqlite_autoindex_carts_1 on carts
(no sql);

-- index sqlite_autoindex_category_texts_1 on category_texts
(no sql);

-- index sqlite_autoindex_cms_blocks_1 on cms_blocks
(no sql);

-- index sqlite_autoindex_cms_hierarchy_1 on cms_hierarchy
(no sql);

-- index sqlite_autoindex_cms_pages_1 on cms_pages
(no sql);

-- index sqlite_autoindex_coupons_1 on coupons
(no sql);

-- index sqlite_autoindex_customer_sessions_1 on customer_sessions
(no sql);

-- index sqlite_autoindex_customers_1 on customers
(no sql);

-- index sqlite_autoindex_form_definitions_1 on form_definitions
(no sql);

-- index sqlite_autoindex_inbox_files_1 on inbox_files
(no sql);

-- index sqlite_autoindex_inbox_submissions_1 on inbox_submissions
(no sql);

-- index sqlite_autoindex_kysely_migration_1 on kysely_migration
(no sql);

-- index sqlite_autoindex_kysely_migration_lock_1 on kysely_migration_lock
(no sql);

-- index sqlite_autoindex_newsletter_coupons_1 on newsletter_coupons
(no sql);

-- index sqlite_autoindex_newsletter_coupons_2 on newsletter_coupons
(no sql);

-- index sqlite_autoindex_newsletter_subscribers_1 on newsletter_subscribers
(no sql);

-- index sqlite_autoindex_order_items_1 on order_items
(no sql);

-- index sqlite_autoindex_order_sequences_1 on order_sequences
(no sql);

-- index sqlite_autoindex_orders_1 on orders
(no sql);

-- index sqlite_autoindex_orders_2 on orders
(no sql);

-- index sqlite_autoindex_orders_3 on orders
(no sql);

-- index sqlite_autoindex_password_reset_tokens_1 on password_reset_tokens
(no sql);

-- index sqlite_autoindex_payment_notifications_1 on payment_notifications
(no sql);

-- index sqlite_autoindex_payments_1 on payments
(no sql);

-- index sqlite_autoindex_product_categories_1 on product_categories
(no sql);

-- index sqlite_autoindex_product_texts_1 on product_texts
(no sql);

-- index sqlite_autoindex_products_1 on products
(no sql);

-- index sqlite_autoindex_rate_limits_1 on rate_limits
(no sql);

-- index sqlite_autoindex_refresh_tokens_1 on refresh_tokens
(no sql);

-- index sqlite_autoindex_replicated_documents_1 on replicated_documents
(no sql);

-- index sqlite_autoindex_replication_clocks_1 on replication_clocks
(no sql);

-- index sqlite_autoindex_sandbox_payments_1 on sandbox_payments
(no sql);

-- index sqlite_autoindex_sandbox_payments_2 on sandbox_payments
(no sql);

-- index sqlite_autoindex_settings_1 on settings
(no sql);

-- index sqlite_autoindex_stock_items_1 on stock_items
(no sql);

-- index sqlite_autoindex_stock_reservations_1 on stock_reservations
(no sql);

-- index sqlite_autoindex_stream_tickets_1 on stream_tickets
(no sql);

-- index sqlite_autoindex_task_receipts_1 on task_receipts
(no sql);

-- index sqlite_autoindex_tax_rates_1 on tax_rates
(no sql);

-- index sqlite_autoindex_tax_rule_rates_1 on tax_rule_rates
(no sql);

-- index sqlite_autoindex_tax_rules_1 on tax_rules
(no sql);

-- index sqlite_autoindex_url_rewrites_1 on url_rewrites
(no sql);

-- index stats_events_created_idx on stats_events
CREATE INDEX "stats_events_created_idx" on "stats_events" ("created_at");

-- index stock_alerts_customer_idx on stock_alerts
CREATE INDEX "stock_alerts_customer_idx" on "stock_alerts" ("customer_id", "created_at");

-- index stock_alerts_pending_uq on stock_alerts
CREATE UNIQUE INDEX "stock_alerts_pending_uq" on "stock_alerts" ("customer_id", "sku", "kind") where "notified_at" is null;

-- index stock_alerts_sku_pending_idx on stock_alerts
CREATE INDEX "stock_alerts_sku_pending_idx" on "stock_alerts" ("sku") where "notified_at" is null;

-- index stream_tickets_expiry_idx on stream_tickets
CREATE INDEX "stream_tickets_expiry_idx" on "stream_tickets" ("expires_at");

-- index task_receipts_created_idx on task_receipts
CREATE INDEX "task_receipts_created_idx" on "task_receipts" ("created_at");

-- index testimonials_store_status_idx on testimonials
CREATE INDEX "testimonials_store_status_idx" on "testimonials" ("store", "status", "created_at");

-- table applied_writes on applied_writes
CREATE TABLE "applied_writes" ("write_id" text primary key, "collection" text not null, "owner" text not null, "at" bigint not null);

-- table appointments on appointments
CREATE TABLE "appointments" ("id" integer primary key autoincrement, "submission_id" integer not null unique references "inbox_submissions" ("id"), "boutique_id" text not null references "boutiques" ("id"), "slot_local" text not null, "slot_start" bigint not null, "slot_end" bigint not null, "reason" text not null, "canceled_at" bigint, "created_at" bigint not null);

-- table attributes on attributes
CREATE TABLE "attributes" ("attribute_id" integer primary key, "attribute_code" text not null unique, "frontend_input" text not null, "position" integer default 0 not null, "is_filterable" integer default 0 not null, "is_comparable" integer default 0 not null, "is_visible_on_front" integer default 1 not null, "is_searchable" integer default 0 not null, "unit" text, "labels" text not null, "options" text not null);

-- table blog_categories on blog_categories
CREATE TABLE "blog_categories" ("id" integer primary key autoincrement, "store" text not null, "slug" text not null, "content_key" text, "name" text not null, "description" text, "position" integer default 0 not null, constraint "blog_categories_store_slug_uq" unique ("store", "slug"));

-- table blog_post_categories on blog_post_categories
CREATE TABLE "blog_post_categories" ("post_id" integer not null references "blog_posts" ("id") on delete cascade, "category_id" integer not null references "blog_categories" ("id") on delete cascade, constraint "blog_post_categories_pk" primary key ("post_id", "category_id"));

-- table blog_post_tags on blog_post_tags
CREATE TABLE "blog_post_tags" ("post_id" integer not null references "blog_posts" ("id") on delete cascade, "tag_id" integer not null references "blog_tags" ("id") on delete cascade, constraint "blog_post_tags_pk" primary key ("post_id", "tag_id"));

-- table blog_posts on blog_posts
CREATE TABLE "blog_posts" ("id" integer primary key autoincrement, "store" text not null, "slug" text not null, "content_key" text, "title" text not null, "excerpt" text not null, "body" text not null, "author" text not null, "published_at" bigint not null, "image" text, "related_skus" text default '[]' not null, "active" integer default 1 not null, "updated_at" bigint not null, constraint "blog_posts_store_slug_uq" unique ("store", "slug"));

-- table blog_tags on blog_tags
CREATE TABLE "blog_tags" ("id" integer primary key autoincrement, "store" text not null, "slug" text not null, "name" text not null, constraint "blog_tags_store_slug_uq" unique ("store", "slug"));

-- table boutiques on boutiques
CREATE TABLE "boutiques" ("id" text primary key, "name" text not null, "street" text not null, "zip" text not null, "city" text not null, "country" text not null, "phone" text, "email" text, "latitude" real, "longitude" real, "timezone" text not null, "opening_hours" text not null, "slot_minutes" integer default 30 not null, "stores" text default '*' not null, "active" integer default 1 not null, "position" integer default 0 not null, "updated_at" bigint not null);

-- table captcha_challenges on captcha_challenges
CREATE TABLE "captcha_challenges" ("id" text primary key, "difficulty" integer not null, "expires_at" bigint not null, "used_at" bigint);

-- table carts on carts
CREATE TABLE "carts" ("token" text primary key, "owner" text not null, "created_at" bigint not null, "updated_at" bigint not null, "purchaser_id" text, "coupon_code" text, "shipping_address" text, "shipping_method" text, "last_item_id" integer default 0 not null, "merged_into" text);

-- table catalogue_changes on catalogue_changes
CREATE TABLE "catalogue_changes" ("id" integer primary key autoincrement, "kind" text not null, "detail" text not null, "created_at" text not null);

-- table categories on categories
CREATE TABLE "categories" ("id" integer primary key, "parent_id" integer not null, "path" text not null, "level" integer not null, "position" integer not null, "is_active" integer not null, "include_in_menu" integer not null, "display_mode" text not null, "image" text, "thumbnail" text, "landing_page" integer);

-- table category_texts on category_texts
CREATE TABLE "category_texts" ("category_id" integer not null references "categories" ("id") on delete cascade, "store_code" text not null, "name" text not null, "url_key" text not null, "url_path" text not null, "description" text, constraint "category_texts_pk" primary key ("category_id", "store_code"));

-- table cms_blocks on cms_blocks
CREATE TABLE "cms_blocks" ("id" integer primary key autoincrement, "store" text not null, "identifier" text not null, "title" text not null, "content" text not null, "active" integer default 1 not null, "updated_at" bigint not null, constraint "cms_blocks_store_identifier_uq" unique ("store", "identifier"));

-- table cms_hierarchy on cms_hierarchy
CREATE TABLE "cms_hierarchy" ("id" integer primary key autoincrement, "store" text not null, "identifier" text not null, "parent_identifier" text, "page_identifier" text, "title" text not null, "position" integer default 0 not null, constraint "cms_hierarchy_store_identifier_uq" unique ("store", "identifier"));

-- table cms_pages on cms_pages
CREATE TABLE "cms_pages" ("id" integer primary key autoincrement, "store" text not null, "identifier" text not null, "content_key" text, "title" text not null, "content" text not null, "meta_title" text, "meta_description" text, "active" integer default 1 not null, "url_path" text, "listing" text, "image" text, "updated_at" bigint not null, constraint "cms_pages_store_identifier_uq" unique ("store", "identifier"));

-- table coupons on coupons
CREATE TABLE "coupons" ("code" text primary key, "kind" text not null, "amount" numeric(14, 2) not null, "active" integer default 1 not null, "description" text not null);

-- table customer_addresses on customer_addresses
CREATE TABLE "customer_addresses" ("id" integer primary key autoincrement, "customer_id" integer not null references "customers" ("id") on delete cascade, "data" text not null);

-- table customer_sessions on customer_sessions
CREATE TABLE "customer_sessions" ("id" text primary key, "customer_id" integer not null references "customers" ("id") on delete cascade, "created_at" bigint not null, "last_used_at" bigint not null, "revoked_at" bigint, "revoked_reason" text);

-- table customers on customers
CREATE TABLE "customers" ("id" integer primary key autoincrement, "email" text not null unique, "firstname" text not null, "lastname" text not null, "group_id" integer default 1 not null, "password_hash" text not null, "default_shipping" integer, "default_billing" integer, "created_at" bigint not null, "updated_at" bigint not null);

-- table form_definitions on form_definitions
CREATE TABLE "form_definitions" ("slug" text primary key, "definition" text not null, "active" integer default 1 not null, "updated_at" bigint not null);

-- table inbox_files on inbox_files
CREATE TABLE "inbox_files" ("id" text primary key, "submission_id" integer references "inbox_submissions" ("id"), "task_id" text, "position" integer, "content_type" text not null, "bytes" integer not null, "sha256" text not null, "width" integer, "height" integer, "normalised" integer not null, "path" text not null, "created_at" bigint not null);

-- table inbox_submissions on inbox_submissions
CREATE TABLE "inbox_submissions" ("id" integer primary key autoincrement, "kind" text not null, "task_id" text not null unique, "store" text not null, "language" text not null, "customer_id" integer, "name" text, "email" text, "phone" text, "data" text not null, "matched_order" text, "status" text default 'new' not null, "created_at" bigint not null, "handled_at" bigint, "redacted_at" bigint);

-- table newsletter_coupons on newsletter_coupons
CREATE TABLE "newsletter_coupons" ("email" text primary key, "coupon_code" text not null unique, "created_at" bigint not null);

-- table newsletter_subscribers on newsletter_subscribers
CREATE TABLE "newsletter_subscribers" ("email" text primary key, "firstname" text, "status" text not null, "store" text not null, "created_at" bigint not null, "updated_at" bigint not null);

-- table order_comments on order_comments
CREATE TABLE "order_comments" ("id" integer primary key autoincrement, "order_id" text not null references "orders" ("id"), "comment" text not null, "status" text not null, "is_customer_notified" integer not null, "is_visible_on_front" integer not null, "created_at" bigint not null);

-- table order_items on order_items
CREATE TABLE "order_items" ("order_id" text not null references "orders" ("id"), "position" integer not null, "sku" text not null, "name" text not null, "qty" integer not null, "price" real not null, "price_incl_tax" real not null, "row_total_incl_tax" real not null, "tax_percent" real not null, constraint "order_items_pk" primary key ("order_id", "position"));

-- table order_sequences on order_sequences
CREATE TABLE "order_sequences" ("store" text primary key, "last_value" integer not null);

-- table orders on orders
CREATE TABLE "orders" ("id" text primary key, "owner" text not null, "write_id" text not null, "store" text not null, "increment_id" text not null unique, "status" text not null, "currency" text not null, "customer_email" text not null, "payment_method" text not null, "shipping_method" text not null, "grand_total" real not null, "totals" text not null, "addresses" text not null, "po_number" text, "order_token" text not null unique, "created_at" bigint not null, "updated_at" bigint not null, "mailed_at" bigint, "language" text);

-- table outbox on outbox
CREATE TABLE "outbox" ("id" integer primary key autoincrement, "to" text not null, "subject" text not null, "text" text not null, "html" text, "kind" text not null, "created_at" bigint not null, "status" text not null, "error" text, "sent_at" bigint, "attempts" integer default 0 not null, "next_attempt_at" bigint, "claimed_until" bigint, "ref" text, "attachments" text);

-- table password_reset_tokens on password_reset_tokens
CREATE TABLE "password_reset_tokens" ("token_hash" text primary key, "customer_id" integer not null references "customers" ("id") on delete cascade, "created_at" bigint not null, "expires_at" bigint not null, "used_at" bigint);

-- table payment_comments on payment_comments
CREATE TABLE "payment_comments" ("id" integer primary key autoincrement, "order_id" text not null, "status" text not null, "comment" text not null, "created_at" bigint not null);

-- table payment_notifications on payment_notifications
CREATE TABLE "payment_notifications" ("provider" text not null, "event_id" text not null, "received_at" bigint not null, constraint "payment_notifications_pk" primary key ("provider", "event_id"));

-- table payments on payments
CREATE TABLE "payments" ("order_id" text not null, "attempt" integer not null, "provider" text not null, "provider_payment_id" text not null, "increment_id" text not null, "order_token" text not null, "amount" integer not null, "currency" text not null, "method" text not null, "gateway_url" text not null, "status" text not null, "status_group" text not null, "applied_group" text, "created_at" bigint not null, "updated_at" bigint not null, constraint "payments_by_attempt_pk" primary key ("order_id", "attempt"));

-- table product_categories on product_categories
CREATE TABLE "product_categories" ("product_id" integer not null references "products" ("id") on delete cascade, "category_id" integer not null references "categories" ("id") on delete cascade, "position" integer default 0 not null, constraint "product_categories_pk" primary key ("product_id", "category_id"));

-- table product_texts on product_texts
CREATE TABLE "product_texts" ("product_id" integer not null references "products" ("id") on delete cascade, "store_code" text not null, "name" text not null, "url_key" text not null, "url_path" text not null, "description" text, "short_description" text, constraint "product_texts_pk" primary key ("product_id", "store_code"));

-- table products on products
CREATE TABLE "products" ("id" integer primary key, "sku" text not null unique, "type_id" text not null, "status" integer not null, "visibility" integer not null, "parent_id" integer, "price" numeric(14, 2) not null, "special_price" numeric(14, 2), "special_from_date" text, "special_to_date" text, "tax_class_id" integer not null, "created_at" text not null, "updated_at" text not null, "data" text not null);

-- table rate_limits on rate_limits
CREATE TABLE "rate_limits" ("key" text primary key, "count" integer not null, "window_start" bigint not null);

-- table refresh_tokens on refresh_tokens
CREATE TABLE "refresh_tokens" ("token_hash" text primary key, "session_id" text not null references "customer_sessions" ("id") on delete cascade, "created_at" bigint not null, "expires_at" bigint not null, "used_at" bigint);

-- table replicated_documents on replicated_documents
CREATE TABLE "replicated_documents" ("collection" text not null, "owner" text not null, "id" text not null, "data" text not null, "updated_at" bigint not null, "deleted" integer default 0 not null, constraint "replicated_documents_pk" primary key ("collection", "owner", "id"));

-- table replication_clocks on replication_clocks
CREATE TABLE "replication_clocks" ("owner" text primary key, "last_at" bigint not null);

-- table replication_events on replication_events
CREATE TABLE "replication_events" ("seq" integer primary key autoincrement, "collection" text not null, "owner" text not null, "doc_id" text not null, "write_id" text not null, "at" bigint not null, "data" text not null);

-- table replication_log_head on replication_log_head
CREATE TABLE "replication_log_head" ("id" integer primary key check (id = 1), "last_seq" integer not null);

-- table reviews on reviews
CREATE TABLE "reviews" ("id" integer primary key autoincrement, "product_id" integer not null, "customer_id" integer, "nickname" text not null, "title" text not null, "detail" text not null, "rating" integer not null, "status" integer not null, "store" text not null, "created_at" bigint not null, "updated_at" bigint not null, "ratings" text, "percent" integer);

-- table sandbox_payments on sandbox_payments
CREATE TABLE "sandbox_payments" ("id" text primary key, "order_id" text not null unique, "increment_id" text not null, "amount" integer not null, "currency" text not null, "description" text not null, "method" text not null, "redirect_url" text not null, "notification_url" text not null, "status" text not null, "created_at" bigint not null, "updated_at" bigint not null);

-- table settings on settings
CREATE TABLE "settings" ("key" text primary key, "value" text not null);

-- table sqlite_sequence on sqlite_sequence
CREATE TABLE sqlite_sequence(name,seq);

-- table stats_events on stats_events
CREATE TABLE "stats_events" ("id" integer primary key autoincrement, "event" text not null, "store" text, "sku" text, "data" text, "created_at" bigint not null);

-- table stock_alerts on stock_alerts
CREATE TABLE "stock_alerts" ("id" integer primary key autoincrement, "customer_id" integer not null references "customers" ("id") on delete cascade, "sku" text not null, "kind" text not null, "subscribed_price" real, "store" text not null, "language" text not null, "created_at" bigint not null, "notified_at" bigint, "notified_price" real);

-- table stock_items on stock_items
CREATE TABLE "stock_items" ("product_id" integer primary key references "products" ("id") on delete cascade, "sku" text not null unique, "qty" integer not null, "is_in_stock" integer not null, "manage_stock" integer not null, "backorders" integer default 0 not null);

-- table stock_reservations on stock_reservations
CREATE TABLE "stock_reservations" ("order_id" text not null references "orders" ("id"), "sku" text not null, "qty" integer not null, "created_at" bigint not null, "released_at" bigint, constraint "stock_reservations_pk" primary key ("order_id", "sku"));

-- table stream_tickets on stream_tickets
CREATE TABLE "stream_tickets" ("ticket_hash" text primary key, "collection" text not null, "owner" text not null, "credential" text not null, "expires_at" bigint not null);

-- table task_receipts on task_receipts
CREATE TABLE "task_receipts" ("task_id" text primary key, "scope" text not null, "request_hash" text not null, "status" integer not null, "body" text not null, "created_at" bigint not null);

-- table tax_classes on tax_classes
CREATE TABLE "tax_classes" ("id" integer primary key, "name" text not null, "type" text not null);

-- table tax_rates on tax_rates
CREATE TABLE "tax_rates" ("id" integer primary key, "code" text not null unique, "rate" numeric(7, 4) not null, "tax_country_id" text not null, "tax_region_id" integer, "region_name" text, "tax_postcode" text);

-- table tax_rule_rates on tax_rule_rates
CREATE TABLE "tax_rule_rates" ("rule_id" integer not null references "tax_rules" ("id") on delete cascade, "rate_id" integer not null references "tax_rates" ("id") on delete cascade, constraint "tax_rule_rates_pk" primary key ("rule_id", "rate_id"));

-- table tax_rules on tax_rules
CREATE TABLE "tax_rules" ("id" integer primary key, "code" text not null unique, "priority" integer default 0 not null, "product_tax_class_ids" text not null, "customer_tax_class_ids" text not null);

-- table testimonials on testimonials
CREATE TABLE "testimonials" ("id" integer primary key autoincrement, "store" text not null, "author" text not null, "location" text, "rating" integer not null, "text" text not null, "created_at" bigint not null, "status" integer not null);

-- table url_rewrites on url_rewrites
CREATE TABLE "url_rewrites" ("store_code" text not null, "request_path" text not null, "entity_type" text not null, "entity_id" integer not null, constraint "url_rewrites_pk" primary key ("store_code", "request_path"));
