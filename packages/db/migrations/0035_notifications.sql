CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"event" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sent_date" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_key" ON "notifications" USING btree ("key");--> statement-breakpoint
CREATE INDEX "notifications_user_seq_idx" ON "notifications" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."seen_at" IS NULL;--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"push" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "channel_subscriptions" (
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_subscriptions_user_id_channel_pk" PRIMARY KEY("user_id","channel")
);
--> statement-breakpoint
ALTER TABLE "channel_subscriptions" ADD CONSTRAINT "channel_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_subscriptions_channel_idx" ON "channel_subscriptions" USING btree ("channel");--> statement-breakpoint
CREATE TABLE "push_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"kind" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_tokens_kind" CHECK ("push_tokens"."kind" IN ('webpush', 'fcm'))
);
--> statement-breakpoint
ALTER TABLE "push_tokens" ADD CONSTRAINT "push_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_tokens_user_device_key" ON "push_tokens" USING btree ("user_id","device_id");--> statement-breakpoint
CREATE TABLE "support_questions" (
	"id" integer PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "support_questions_fts_idx" ON "support_questions" USING gin ((setweight(to_tsvector('german', "question"), 'A') || setweight(to_tsvector('german', "answer"), 'B')));--> statement-breakpoint
CREATE INDEX "support_questions_trgm_idx" ON "support_questions" USING gin ((lower("question" || ' ' || "answer")) gin_trgm_ops);--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text,
	"message" text NOT NULL,
	"weekday" smallint,
	"time_window" text,
	"phone" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_kind" CHECK ("support_requests"."kind" IN ('message', 'callback')),
	CONSTRAINT "support_requests_status" CHECK ("support_requests"."status" IN ('open', 'answered')),
	CONSTRAINT "support_requests_weekday" CHECK ("support_requests"."weekday" IS NULL OR "support_requests"."weekday" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_requests_status_idx" ON "support_requests" USING btree ("status","created_at");--> statement-breakpoint
INSERT INTO "support_questions" ("id", "category", "question", "answer") VALUES
  (1, 'Konto', 'Wie registriere ich mich?', 'Tippe auf „Registrieren“, gib deine E-Mail-Adresse ein und bestätige den Link, den wir dir schicken. Danach legst du ein Passwort mit mindestens 10 Zeichen fest und ergänzt deine persönlichen Daten.'),
  (2, 'Konto', 'Wer kann sich auf der Plattform registrieren?', 'Registrieren können sich natürliche Personen ab 18 Jahren mit Wohnsitz in Österreich. Unternehmen registrieren sich über die Firmenregistrierung.'),
  (3, 'Konto', 'Ich habe mein Passwort vergessen. Was kann ich tun?', 'Wähle beim Login „Passwort vergessen“ und gib deine E-Mail-Adresse ein. Du bekommst einen Code, mit dem du ein neues Passwort festlegst. Nach zu vielen Versuchen sperren wir die Funktion aus Sicherheitsgründen vorübergehend.'),
  (4, 'Konto', 'Wie ändere ich mein Passwort?', 'In den Einstellungen unter „Passwort ändern“ gibst du dein aktuelles und dein neues Passwort ein. Ein neues Passwort braucht mindestens 10 Zeichen und einen Großbuchstaben.'),
  (5, 'Konto', 'Wie lösche ich mein Konto?', 'Schreib uns über „Schreib uns“ im Support. Die Löschung dauert 4 bis 7 Tage, wir bestätigen sie dir per E-Mail. Offene Anteile oder Guthaben müssen vorher verkauft bzw. ausbezahlt sein.'),
  (6, 'Konto', 'Wie ändere ich meine E-Mail-Adresse oder Telefonnummer?', 'Deine Telefonnummer änderst du in den Einstellungen unter „Persönliche Daten“. Für eine neue E-Mail-Adresse schreib uns bitte, damit wir die Änderung sicher prüfen können.'),
  (7, 'Verifizierung', 'Warum muss ich mich identifizieren?', 'Als Finanzplattform sind wir gesetzlich verpflichtet, die Identität unserer Anlegerinnen und Anleger zu prüfen (Geldwäschegesetz). Erst nach der Verifizierung kannst du investieren.'),
  (8, 'Verifizierung', 'Wie lange dauert die Identifizierung?', 'Die Videoidentifizierung dauert meist wenige Minuten. Wenn die Überprüfung der Daten länger dauert, informieren wir dich in deinem Postfach, sobald das Ergebnis da ist.'),
  (9, 'Verifizierung', 'Meine Verifizierung ist fehlgeschlagen. Was nun?', 'Starte die Identifizierung erneut und achte auf gutes Licht und einen gültigen Ausweis. Ein Selfie, das zu hell ist, musst du neu aufnehmen. Hilft das nicht, melde dich bei unserem Support.'),
  (10, 'Verifizierung', 'Welche Ausweisdokumente werden akzeptiert?', 'Ein gültiger Reisepass oder Personalausweis. Führerscheine und abgelaufene Dokumente können wir nicht akzeptieren.'),
  (11, 'Investieren', 'Was ist ein Brick?', 'Ein Brick ist ein Anteil an einer Immobilie oder einem Kraftwerk. Du kaufst Bricks und bist damit anteilig an den Mieteinnahmen bzw. Erträgen beteiligt.'),
  (12, 'Investieren', 'Wie viel muss ich mindestens investieren?', 'Jedes Objekt hat eine Mindestzeichnung, die in Bricks angegeben ist. Du findest sie auf der Seite des Objekts unter den Investitionsdetails.'),
  (13, 'Investieren', 'Wie kaufe ich Anteile an einem Objekt?', 'Öffne das Objekt auf dem Marktplatz, wähle die Anzahl der Bricks und bestätige den Kauf in deiner Security App. Der Betrag wird von deinem Zahlungskonto abgebucht.'),
  (14, 'Investieren', 'Warum muss ich bei Käufen über 5.000 Euro etwas bestätigen?', 'Bei Käufen über 5.000 Euro musst du bestätigen, dass der Betrag höchstens dem Doppelten deines durchschnittlichen monatlichen Nettoeinkommens oder zehn Prozent deines Finanzvermögens entspricht. So schützt dich das Gesetz vor zu hohen Risiken.'),
  (15, 'Investieren', 'Was passiert, wenn ein Objekt ausfinanziert ist?', 'Ist die Finanzierungsphase beendet, weil alle Bricks verkauft sind, beginnt der Zweithandel. Dann kannst du Bricks über das Schwarze Brett von anderen Anlegern kaufen oder an sie verkaufen.'),
  (16, 'Investieren', 'Welche Risiken hat eine Investition?', 'Wie jede Geldanlage ist auch eine Immobilien- oder Kraftwerksbeteiligung mit Risiken verbunden, bis hin zum Totalverlust. Lies vor dem Kauf die Unterlagen des Objekts und investiere nur Geld, das du nicht kurzfristig brauchst.'),
  (17, 'Handel', 'Wie verkaufe ich meine Bricks?', 'Erstelle auf der Handelsseite des Objekts ein Verkaufsangebot mit Anzahl und Preis. Sobald jemand kauft und du in der Security App bestätigst, wird der Erlös deinem Zahlungskonto gutgeschrieben.'),
  (18, 'Handel', 'Was ist das Schwarze Brett?', 'Am Schwarzen Brett stellen Anleger Kauf- und Verkaufsangebote für Bricks von Objekten im Zweithandel ein. Du kannst Angebote annehmen oder eigene erstellen.'),
  (19, 'Handel', 'Warum bekomme ich eine Preiswarnung?', 'Weicht dein Preis mehr als 10 Prozent vom gewichteten Durchschnittspreis der letzten 30 Tage ab, zeigen wir einen Hinweis. Ab 20 Prozent musst du die Abweichung ausdrücklich bestätigen.'),
  (20, 'Handel', 'Was ist ein privater Verkauf?', 'Bei einem privaten Verkauf einigst du dich direkt mit einer Käuferin oder einem Käufer. Der Käufer zahlt dir direkt, beide bestätigen, dann werden die Bricks übertragen und eine Vermittlungsgebühr wird von deinem Zahlungskonto abgebucht.'),
  (21, 'Zahlungen', 'Wie lade ich Geld auf mein Zahlungskonto?', 'Überweise den gewünschten Betrag von deinem eigenen Bankkonto auf die IBAN deines Zahlungskontos, die du unter „Konto“ findest. Überweisungen kommen in etwa zwei Bankarbeitstagen an.'),
  (22, 'Zahlungen', 'Wie lasse ich mir Geld auszahlen?', 'Lege zuerst ein Auszahlungskonto an, indem du mindestens 1 Cent von deinem eigenen Bankkonto überweist. Danach kannst du ab 0,10 Euro auszahlen lassen und bestätigst die Auszahlung mit einem SMS-Code.'),
  (23, 'Zahlungen', 'Warum muss ich 1 Cent überweisen, um ein Auszahlungskonto anzulegen?', 'Mit der Überweisung von mindestens 1 Cent weist du nach, dass das Bankkonto auf deinen Namen lautet. Nur auf dieses Konto zahlen wir aus.'),
  (24, 'Zahlungen', 'Wann kommt meine Überweisung an?', 'Überweisungen dauern in der Regel etwa zwei Bankarbeitstage. Sobald das Geld da ist, siehst du es in deinem Konto und bekommst eine Mitteilung.'),
  (25, 'Erträge', 'Wann bekomme ich Mieteinnahmen ausgeschüttet?', 'Die Erträge eines Objekts werden je nach Objekt monatlich, quartalsweise oder jährlich an alle Anteilseigner ausgeschüttet. Jede Ausschüttung siehst du in deinem Postfach und in deinen Transaktionen.'),
  (26, 'Erträge', 'Wie werden meine Erträge versteuert?', 'Bei österreichischen Produkten behalten wir die Kapitalertragsteuer (KESt) ein, bei deutschen die Kapitalertragsteuer mit Solidaritätszuschlag und gegebenenfalls Kirchensteuer. Die Beträge stehen in deiner jährlichen Steuerbescheinigung.'),
  (27, 'Erträge', 'Wo finde ich meine Steuerbescheinigung?', 'Unter „Investments“ findest du für jedes Jahr mit Ausschüttungen eine Steuerbescheinigung als PDF. Wir informieren dich im Postfach, sobald ein neues Dokument bereitsteht.'),
  (28, 'Erträge', 'Warum brauche ich eine Steueridentifikationsnummer?', 'Für deutsche Produkte brauchen wir deine deutsche Steuer-ID und die Angabe zur Kirchensteuer, für österreichische Beteiligungen eines österreichischen Emittenten deine österreichische Steuernummer. Nur so können wir die Steuer richtig abführen.'),
  (29, 'Security App', 'Wozu brauche ich die Security App?', 'Mit der Security App bestätigst du Käufe, Verkäufe und Verträge. Sie hält deinen persönlichen Schlüssel, ohne den niemand in deinem Namen handeln kann.'),
  (30, 'Security App', 'Ich habe mein Handy verloren. Was passiert mit meiner Security App?', 'Melde dich sofort bei unserem Support. Wir setzen die Security App zurück, danach kannst du ein neues Gerät verbinden. Für das Entfernen brauchst du sonst deine Wiederherstellungsdatei.'),
  (31, 'Security App', 'Kann ich mehrere Security Apps verbinden?', 'Nein, es kann immer nur eine Security App verbunden sein. Um das Gerät zu wechseln, entferne zuerst die alte Verbindung.'),
  (32, 'Mitteilungen', 'Wie schalte ich Push-Mitteilungen ein oder aus?', 'In den Einstellungen unter „Mitteilungen“ legst du für jede Art von Mitteilung fest, ob du sie als Push oder per E-Mail bekommen möchtest. Im Postfach landen alle Mitteilungen immer.'),
  (33, 'Mitteilungen', 'Warum bekomme ich keine Push-Mitteilungen?', 'Prüfe, ob du Push in den Einstellungen aktiviert und deinem Browser bzw. deinem Handy die Erlaubnis für Mitteilungen gegeben hast. Im Postfach findest du alle Mitteilungen auch ohne Push.'),
  (34, 'Forum', 'Wie funktionieren Abstimmungen im Forum?', 'Ein Vorschlag kommt zur Abstimmung, wenn ihn innerhalb von 48 Stunden mindestens 10 Prozent der Stimmanteile und 10 Prozent der Anleger unterstützen. Du kannst einer Option zustimmen, gegen alle Optionen stimmen oder dich enthalten.'),
  (35, 'Support', 'Wie erreiche ich den Kundenservice?', 'Schreib uns über „Schreib uns“ oder bitte um einen Rückruf: Wähle einen Wochentag, ein Zeitfenster und deine Telefonnummer, wir rufen dich zurück. Die Antwort auf deine Nachricht findest du in deinem Postfach.'),
  (36, 'Support', 'Wie lange dauert eine Antwort vom Support?', 'Wir beantworten Nachrichten in der Regel innerhalb von zwei Werktagen. Du bekommst sofort eine Bestätigung per E-Mail und unsere Antwort in dein Postfach.'),
  (37, 'Kosten', 'Welche Gebühren fallen an?', 'Beim Kauf im Zweithandel fällt eine Transaktionsgebühr an, die wir dir vor der Bestätigung anzeigen. Bei privaten Verkäufen wird eine Vermittlungsgebühr vom Zahlungskonto abgebucht. Die Kontoführung ist kostenlos.'),
  (38, 'Kosten', 'Kann ich einen Bonuscode einlösen?', 'Ja, einen Bonuscode gibst du beim Kauf ein. Der Bonus wird vom Kaufbetrag abgezogen und ist nur innerhalb seiner Gültigkeit einlösbar.');
