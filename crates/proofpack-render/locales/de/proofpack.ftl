# Die Texte von ProofPack auf Deutsch: eine erste Fassung, die sich über die
# Durchsicht durch Muttersprachler freut. Dieselben Kennungen und Platzhalter
# wie die englische Datei (locales/en/proofpack.ftl), die die Regeln nennt.
# Befundcodes, Zeichenketten der Spezifikation (Vokabular, Feldnamen wie
# all_clear) und JSON werden nie übersetzt.

language-name = Deutsch

## Urteile und Auswirkungen.

verdict-complete = vollständig
verdict-late = verspätet
verdict-incomplete = unvollständig
verdict-untrusted = nicht vertrauenswürdig
verdict-invalid = ungültig

verdict-meaning-complete = Das Paket ist echt und vertrauenswürdig und belegt eine vollständige, fristgerechte Löschung.
verdict-meaning-late = Das Paket ist echt und vertrauenswürdig und belegt eine vollständige Löschung, jedoch nach Ablauf der maßgeblichen Frist.
verdict-meaning-incomplete = Das Paket ist echt und vertrauenswürdig, aber die belegte Löschung ist nicht vollständig.
verdict-meaning-untrusted = Das Paket ist unversehrt, aber der Unterzeichner oder der Zeuge des Audit-Protokolls ist für diese Aussage nicht als vertrauenswürdig anerkannt.
verdict-meaning-invalid = Das Paket ist fehlerhaft, manipuliert oder widersprüchlich: Auf seine Aussagen ist kein Verlass.

effect-warning = Warnung
effect-late = verspätet
effect-incomplete = unvollständig
effect-untrusted = nicht vertrauenswürdig
effect-invalid = ungültig

## Bestandene Prüfungen.

passed-archive-read = das Archiv wurde innerhalb der Grenzen bis zu seinem Ende gelesen
passed-manifest-files_hashed = jede im Manifest aufgeführte Datei ist mit ihrem SHA-256 und ihrer Größe vorhanden
passed-signature-trusted = die Signatur wurde mit einem Schlüssel geprüft, der für den Unterzeichner zum Zeitpunkt signed_at anerkannt ist
passed-audit-checkpoints_verified = beide Checkpoints wurden mit dem Schlüssel des Protokolls geprüft, ebenso der Konsistenzbeweis zwischen ihnen
passed-audit-entries_proved = für jeden Eintrag des Audit-Protokolls ist die Aufnahme in den späteren Baum bewiesen
passed-audit-witness_quorum_met = das von der Richtlinie verlangte Quorum unterschiedlicher Zeugen hat checkpoint_after gegensigniert
passed-receipts-attested = die Löschung bei jedem aufgeführten Auftragsverarbeiter ist durch seine eigene, geprüfte Bestätigung belegt
passed-sla-witnessed = die Zeugen hatten das Protokoll der Kaskade vor der maßgeblichen Frist gesehen
passed-signature-sealed = das Siegel hält: die Zeugen hatten diese Signatur bis zum Siegelzeitpunkt protokolliert gesehen

## Gemeinsame Wörter beider Berichte.

yes = ja
no = nein

tier-exempt = ausgenommen nach { $basis }: { $justification }
tier-deferred = aufgeschoben bis { $until }
tier-pending = ausstehend, fällig { $due }
tier-failed = fehlgeschlagen: { $error } (Ausnahme { $exception })
tier-replication-drained = Replikationsrückstand abgebaut: { $drained }
tier-purge = Bereinigung: { $purge }
tier-models-none = Modelle: keine betroffen
tier-model = Modell { $model }: { $action }
tier-model-incomplete = Modell { $model }: { $action } (unvollständiger Eintrag)

backup = Sicherung { $location }: { $state }
backup-purged = bereinigt
backup-live = IN BETRIEB: die Daten sind noch in einer genutzten Kopie
backup-beyond-use = außer Gebrauch bis { $until }, { $restore }
backup-restore-suppressed = eine Wiederherstellung wendet die Löschung erneut an
backup-restore-unsuppressed = eine Wiederherstellung würde die Löschung NICHT erneut anwenden

attestation-verified = vom Unterauftragsverarbeiter signiert, geprüft
attestation-unverified = signiert, aber mit keinem Schlüssel, den der Vertrauensspeicher für ihn enthält
attestation-invalid = Signatur oder Erklärung UNGÜLTIG
attestation-mismatch = signierte Erklärung WEICHT von der Bestätigung AB
attestation-absent = nicht vom Unterauftragsverarbeiter signiert

not-counted-invalid = keine gültige Gegensignatur
not-counted-after_signed_at = nach der Signatur des Pakets erstellt
not-counted-before_signed_at = vor der Signatur des Pakets erstellt (ein Siegel kann nur eine bereits erstellte Signatur protokollieren)
not-counted-outside_key_window = außerhalb der Gültigkeit des Zeugenschlüssels erstellt
not-counted-log_or_dpo_key = der Schlüssel gehört auch dem Protokoll oder dem DSB
not-counted-same_witness = derselbe Zeuge, bereits gezählt

quorum =
    { $counted ->
        [one] { $counted } eigenständiger Zeuge zählt
       *[other] { $counted } eigenständige Zeugen zählen
    } für checkpoint_after; die Richtlinie verlangt { $quorum } ({ $met })
quorum-met = erfüllt
quorum-not-met = NICHT erfüllt

policy = Zeugenquorum { $quorum }, signierte Bestätigungen { $receipts }, bezeugte Frist { $deadline ->
        [on] erforderlich
       *[off] nicht erforderlich
    }, versiegelte Signatur { $seal ->
        [on] erforderlich
       *[off] nicht erforderlich
    }
policy-required = erforderlich
policy-not-required = nicht erforderlich

cosignature-counts = zählt

witnessed-at = { $at } (k = { $k })
witnessed-none = keiner: weniger als { $k } Zeuge(n) zählen auf checkpoint_after
seal = Checkpoint der Größe { $size }, Eintrag { $index }; { $holds }; { $sealed }
seal-holds = das Siegel hält
seal-does-not-hold = das Siegel hält NICHT
seal-sealed-at = Siegelzeitpunkt { $at }
seal-no-sealed-time = kein Siegelzeitpunkt
seal-witnesses = { $counted } unterschiedliche(r) Zeuge(n) zählen auf dem Checkpoint des Siegels; der Siegelzeitpunkt verlangt { $k }

margin = { $sign }{ $days } T. { $hours } Std. { $minutes } Min.

## `proofpack ls`.

ls-listing-listed = aufgeführt
ls-listing-unlisted = nicht aufgeführt
ls-listing-not_listed_by_design = planmäßig nicht aufgeführt
ls-listing-unknown = unbekannt

## Der Bericht für das Terminal.

text-verdict = Urteil: { $verdict }  (Exit-Status { $status })
text-claims-unverified = HINWEIS: Das Paket ist ungültig; die Tabellen unten zeigen daher die eigenen Angaben des Pakets, keine geprüften Tatsachen.

text-pack = Paket:
text-pack-file = Datei
text-pack-sha256 = sha256
text-pack-pack_id = pack_id
text-pack-request_id = request_id
text-pack-tenant = Mandant
text-pack-subject = betroffene Person
text-pack-legal-basis = Rechtsgrundlage
text-pack-received = eingegangen
text-pack-completed = abgeschlossen
text-pack-cascade-runner = Kaskade ausgeführt von
text-pack-signed-by = signiert von
text-pack-signing-key = Signaturschlüssel
text-pack-signature = Signatur
text-pack-all_clear = all_clear
text-pack-probes = Prüfungen
text-pack-subprocessors = Unterauftragsverarbeiter
text-pack-supersedes = ersetzt
text-pack-size = { $sha256 }  ({ $size } Bytes)
text-pack-signed-at = { $signer }  am { $at }
text-pack-key = { $key_id }  { $fingerprint }  Inhaber { $owner }
text-pack-key-not-trusted = (nicht im Vertrauensspeicher)
text-pack-signature-verified = mit dem Schlüssel des Vertrauensspeichers geprüft
text-pack-signature-not-verified = NICHT geprüft
text-pack-all-clear-value = angegeben { $claimed }, nachgerechnet { $recomputed }
text-pack-probes-value = Code { $code }  am { $at }
text-pack-supersedes-value = { $pack_id }  sha256 { $sha256 }

text-passed = bestandene Prüfungen ({ $count }):

text-no-findings = Befunde: keine
text-findings = Befunde ({ $count }):
text-finding-at = in { $location }
text-means = Bedeutung:
text-why = Warum:
text-ask = Nachfragen:

text-tiers = Stufen:
text-tier-tier = Stufe
text-tier-requested = angefordert
text-tier-status = Status
text-tier-before = vorher
text-tier-after = nachher
text-tier-residue = Rest

text-sla = Fristen:
text-sla-received = eingegangen
text-sla-base = Ende der ersten Frist
text-sla-max = Ende der Höchstfrist
text-sla-statutory = gesetzlich
text-sla-declared = angegeben
text-sla-effective = maßgeblich
text-sla-completed = abgeschlossen
text-sla-margin = Spielraum
text-sla-extended = (verlängert)
text-sla-witnessed = bezeugt

text-receipts = Bestätigungen ({ $count }):
text-receipt-due = fällig { $at }
text-receipt-at = am { $at }
text-receipt-ticket = Ticket
text-erased = gelöscht
text-not-erased = NICHT gelöscht

text-audit-witness = Audit-Zeuge:
text-audit = Protokoll { $log }  Baum { $before } -> { $after }  Checkpoints { $checkpoints }  Konsistenz { $consistency }  Einträge bewiesen { $proved }/{ $entries }  personenbezogene Daten offengelegt { $pii }
text-checkpoints-verified = geprüft
text-checkpoints-not-verified = NICHT geprüft
text-consistency-proved = bewiesen
text-consistency-not-proved = NICHT bewiesen
text-witnesses = Zeugen:
text-cosignature = { $witness } ({ $owner }) am { $time }: { $counts }
text-provenance = Herkunft:
text-provenance-graph = Graph { $version }  Index { $index }  { $tombstones } Löschmarker  { $artifacts } Artefakte ({ $reachable } erreichbar, { $live } aktiv, { $expiring } ablaufend)  { $obligations } Verpflichtungen
text-provenance-absent = fehlt
text-seal = Siegel:
text-seal-none = keines: die Signatur ist nicht versiegelt

text-members = Bestandteile ({ $count }):
text-listing-listed = aufgeführt
text-listing-unlisted = NICHT AUFGEFÜHRT
text-listing-not_listed_by_design = signierte Erklärung
text-listing-unknown = unbekannt

text-attestation = Bestätigung des DSB:
text-attestation-absent = (fehlt, oder kein UTF-8-Text)

text-verified-with-trust = geprüft von { $verifier } am { $time }, Vertrauensspeicher { $path } (sha256 { $sha256 }, { $keys } Schlüssel; { $policy })
text-verified-without-trust = geprüft von { $verifier } am { $time }, ohne Vertrauensspeicher

## Der HTML-Bericht.

html-title = Bericht zum Löschnachweis-Paket: { $pack } — { $verdict }
html-heading = Bericht zum Löschnachweis-Paket
html-pack-line = Paket { $pack } · sha256 { $sha256 }
html-verdict = { $verdict } (Exit-Status { $status })
html-claims-unverified = Das Paket ist ungültig: Die Tabellen unten zeigen die eigenen Angaben des Pakets, keine geprüften Tatsachen.
html-none = Keine.

html-pack = Das Paket
html-pack-pack = Paket
html-pack-sha256 = SHA-256 der Datei
html-pack-request = Antrag
html-pack-tenant = Mandant
html-pack-subject = Betroffene Person (Pseudonym)
html-pack-legal-basis = Rechtsgrundlage
html-pack-received = Eingegangen
html-pack-completed = Abgeschlossen
html-pack-cascade-runner = Kaskade ausgeführt von
html-pack-signed-by = Signiert von
html-pack-signing-key = Signaturschlüssel
html-pack-signature = Signatur
html-pack-all_clear = all_clear
html-pack-probes = Unabhängige Prüfungen
html-pack-subprocessors = Unterauftragsverarbeiter
html-pack-supersedes = Ersetzt
html-pack-size = { $sha256 } ({ $size } Bytes)
html-pack-signed-at = { $signer } am { $at }
html-pack-key = { $key_id } · { $fingerprint } · Inhaber { $owner }
html-pack-key-not-trusted = nicht im Vertrauensspeicher
html-pack-signature-verified = mit dem Schlüssel des Vertrauensspeichers geprüft
html-pack-signature-not-verified = nicht geprüft
html-pack-all-clear-value = angegeben { $claimed }; vom Prüfprogramm nachgerechnet { $recomputed }
html-pack-probes-value = { $code } am { $at }
html-pack-supersedes-value = { $pack_id } · sha256 { $sha256 }

html-passed = Bestandene Prüfungen ({ $count })
html-passed-check = Prüfung
html-passed-established = Was sie festgestellt hat

html-findings = Befunde ({ $count })
html-finding-at = in { $location }
html-means = Was das bedeutet
html-why = Warum das wichtig ist
html-ask = Was Sie nachfragen sollten

html-tiers = Stufen der Kaskade
html-tier-tier = Stufe
html-tier-requested = Angefordert
html-tier-status = Status
html-tier-before = Vorher
html-tier-after = Nachher
html-tier-residue = Rest
html-tier-evidence = Nachweise

html-sla = Fristen (SLA)
html-sla-received = Eingegangen
html-sla-base = Ende der ersten Frist
html-sla-max = Ende der verlängerten Frist
html-sla-statutory = Gesetzliche Frist
html-sla-declared = Angegebene Frist
html-sla-effective = Maßgebliche Frist
html-sla-completed = Abgeschlossen
html-sla-margin = Spielraum
html-sla-extended = (verlängert)
html-sla-witnessed = Bezeugter Zeitpunkt
html-no-timeline = Keine Zeitleiste: Die Daten konnten nicht gelesen werden.
html-timeline-caption = Das schattierte Band ist der Spielraum zwischen Abschluss und maßgeblicher Frist: grün bei Abschluss davor, rot bei Abschluss danach.
# Which rule of §6 applied (the report's sla.rule in the reader's words).
sla-rule-months = { $count ->
    [one] 1 Kalendermonat
   *[other] { $count } Kalendermonate
}
sla-rule-days = { $count ->
    [one] 1 Tag
   *[other] { $count } Tage
}
sla-rule-base = { $basis }: { $period } ab dem örtlichen Eingangsdatum
sla-rule-extended = { $base }, verlängert auf insgesamt { $whole }
sla-rule-extensible = { $base } (verlängerbar auf insgesamt { $whole }; nicht verlängert)
sla-rule-no-extension = { $base } (keine Verlängerung möglich)
html-timeline-rule = Regel: { $rule }.
html-timeline-label = Zeitleiste der Fristen
html-timeline-witnessed = Die violette Marke ist der bezeugte Zeitpunkt: Bis dahin hatten die Zeugen das Protokoll der Kaskade gesehen, was auch immer die Uhr des Verantwortlichen sagt.
html-timeline-unwitnessed = Es gibt keinen bezeugten Zeitpunkt: Weniger Zeugen als nötig haben das Protokoll mit der Kaskade gegensigniert.
timeline-received = eingegangen
timeline-base = erste Frist
timeline-max = verlängerte Frist
timeline-declared = angegeben
timeline-effective = maßgebliche Frist
timeline-completed = abgeschlossen
timeline-witnessed = bezeugt

html-receipts = Bestätigungen der Unterauftragsverarbeiter ({ $count })
html-receipt-line = Zeile
html-receipt-subprocessor = Unterauftragsverarbeiter
html-receipt-channel = Kanal
html-receipt-status = Status
html-receipt-when = Wann
html-receipt-ticket = Ticket
html-receipt-endpoint = Endpunkt
html-receipt-erased = Gelöscht
html-receipt-attestation = Signatur des Unterauftragsverarbeiters
html-receipt-due = fällig { $at }
html-erased = gelöscht
html-not-erased = nicht gelöscht

html-witness = Zeuge des Audit-Protokolls
html-witness-log = Protokoll
html-witness-tree = Baumgröße
html-witness-checkpoints = Checkpoints
html-witness-consistency = Konsistenz
html-witness-entries = Bewiesene Einträge
html-witness-disclosures = Offenlegungen
html-witness-pii = Offengelegte Felder mit personenbezogenen Daten
html-witness-redactions = Schwärzungsvermerke
html-witness-witnesses = Zeugen
html-witness-entries-value = { $proved } von { $entries }
html-verified = geprüft
html-not-verified = nicht geprüft
html-proved = bewiesen
html-not-proved = nicht bewiesen
html-cosignature-checkpoint = Checkpoint
html-cosignature-witness = Zeuge
html-cosignature-operator = Betreiber
html-cosignature-time = Gegensigniert am
html-cosignature-counts = Zählt
html-does-not-count = zählt nicht: { $why }

html-seal = Siegel der Signatur
html-seal-none = Die Signatur ist nicht versiegelt.
html-seal-checkpoint = Baumgröße des Checkpoints
html-seal-entry = Index des Eintrags
html-seal-holds = Siegel
html-seal-sealed-time = Siegelzeitpunkt
html-seal-witnesses = Zeugen

html-provenance = Herkunftsgraph
html-no-provenance = Das Paket enthält keinen Herkunftsgraphen.
html-provenance-version = Version des Graphen
html-provenance-index = Umgekehrter Index
html-provenance-scopes = Bereiche
html-provenance-tombstones = Löschmarker
html-provenance-derived = Abgeleitete Artefakte
html-provenance-obligations = Offene Verpflichtungen
html-provenance-derived-value = { $artifacts } ({ $reachable } von gelöschten Daten aus erreichbar: { $live } aktiv, { $expiring } ablaufend)
html-graph-caption = Löschmarker (dunkel) links; abgeleitete Artefakte rechts davon: rot aktiv, orange ablaufend, grau gelöscht, blau geschwärzt; gestrichelte Kästen sind offene Verpflichtungen.
html-graph-omitted = { $omitted } Einträge sind nicht gezeichnet; die Zahlen unten schließen sie ein.
html-graph-label = Herkunftsgraph
graph-tombstone = Löschmarker
graph-open-until = offen bis { $until }

html-members = Bestandteile ({ $count })
html-member-path = Pfad
html-member-size = Größe
html-member-sha256 = SHA-256
html-member-listing = Im Manifest
html-listing-listed = aufgeführt
html-listing-unlisted = NICHT aufgeführt
html-listing-not_listed_by_design = die signierte Erklärung
html-listing-unknown = unbekannt

html-attestation = Bestätigung des DSB
html-attestation-absent = Fehlt, oder kein UTF-8-Text.

html-footer-verified = Geprüft von { $verifier } am { $time }
html-footer-input = · Eingabe { $input }
html-footer-trust = · Vertrauensspeicher { $path } (sha256 { $sha256 }, { $keys } Schlüssel; { $policy })
html-footer-no-trust = · ohne Vertrauensspeicher

## Die eigenen Wörter der Befehlszeile.

cli-batch = { $packs } Pakete: { $verdicts }
cli-batch-skipped = { $skipped } übersprungen
cli-batch-error = Fehler

ls-path = Pfad
ls-size = Größe
ls-sha256 = sha256
ls-listing = Aufführung

## Die Erläuterung jedes Befundcodes (Spezifikation, §12) für Prüfende,
## die keine Technikfachleute sind: was er bedeutet, warum er wichtig ist,
## was beim Verantwortlichen nachzufragen ist.

code-archive-malformed =
    .meaning = Die Datei des Nachweispakets selbst ist beschädigt oder nicht das erwartete komprimierte Archiv: Die Datei ist abgeschnitten, beschädigt oder ihre innere Struktur ist fehlerhaft, sodass keiner ihrer Inhalte geprüft werden konnte.
    .why = Nichts im Paket konnte untersucht werden; die Löschaussage stützt sich daher auf keinen verwertbaren Nachweis. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um eine neue, vollständige Kopie des Nachweispakets und fragen Sie, wie die Datei erstellt und Ihnen übermittelt wurde.

code-archive-trailing_data =
    .meaning = Nach dem offiziellen Ende der Paketdatei wurden zusätzliche Daten gefunden. Manche Programme ignorieren solche Daten, andere lesen sie womöglich als weiteren Inhalt.
    .why = Verborgener Inhalt nach dem Ende bedeutet, dass verschiedene Leser verschiedene Pakete sehen können; die Nachweise sind mehrdeutig. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, warum nach dem Ende des Pakets Daten angehängt wurden, und bitten Sie um ein Paket, das mit seinem üblichen Werkzeug ohne Zusätze erstellt wurde.

code-archive-forbidden_entry =
    .meaning = Das Paket enthält etwas anderes als gewöhnliche Dateien, etwa eine Verknüpfung (Link) auf eine andere Datei, einen Geräteeintrag oder einen Sondereintrag, der die nächste Datei umbenennt oder ihre Größe ändert.
    .why = Solche Einträge führen dazu, dass verschiedene Programme verschiedene Inhalte entpacken; was signiert wurde, ist womöglich nicht das, was Sie lesen. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, warum der Eintrag im Paket ist, und bitten Sie um ein neu erstelltes Paket, das nur gewöhnliche Dateien enthält.

code-archive-bad_path =
    .meaning = Eine Datei im Paket hat einen Namen, der kein einfacher Ort innerhalb des Pakets ist: Er kann aus dem Paket hinaus zeigen, an der Wurzel eines Laufwerks beginnen, „..“ oder ungewöhnliche Zeichen enthalten oder mehrdeutig gespeichert sein.
    .why = Mehrdeutige oder aus dem Paket hinausführende Dateinamen können Programme die falsche Datei lesen oder Dateien auf dem Rechner der prüfenden Person überschreiben lassen. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, welches Werkzeug das Paket erstellt hat, und bitten Sie um ein neu erstelltes Paket, in dem jede Datei einen einfachen Namen hat.

code-archive-duplicate_entry =
    .meaning = Zwei Dateien im Paket haben genau denselben Namen.
    .why = Verschiedene Programme behalten verschiedene Kopien, sodass zwei Prüfende aus demselben Paket verschiedene Nachweise lesen könnten. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, welche Kopie die echte ist und warum es zwei gibt, und bitten Sie um ein neu erstelltes Paket, in dem jede Datei nur einmal vorkommt.

code-archive-limit_exceeded =
    .meaning = Das Paket überschreitet die Sicherheitsgrenzen des Prüfprogramms (zu viele Daten nach dem Entpacken, eine zu große Datei oder zu viele Einträge), daher wurde die Prüfung abgebrochen.
    .why = Übergroße Pakete können dazu dienen, Prüfwerkzeuge zu überlasten, und ohne vollständige Prüfung kann die Löschaussage nicht anerkannt werden. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, warum das Paket so groß ist, und bitten Sie um ein Paket normaler Größe, bei Bedarf mit umfangreichen Belegen getrennt geliefert.

code-archive-missing_member =
    .meaning = Eines der Dokumente, die jedes Paket enthalten muss, fehlt: die signierte Erklärung, ihre Signatur, der Antrag, die Aufzeichnungen der Schritte, die Prüfergebnisse, die Bestätigungen der Unterauftragsverarbeiter, der Auszug aus dem Audit-Protokoll oder die Bestätigung des DSB.
    .why = Ohne alle erforderlichen Dokumente lässt sich die Löschung nicht von Anfang bis Ende prüfen. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um ein vollständiges Paket mit dem fehlenden Dokument und fragen Sie, warum es weggelassen wurde.

code-json-malformed =
    .meaning = Ein Dokument im Paket besteht nicht aus gültigen strukturierten Daten (JSON, das maschinenlesbare Textformat des Pakets): Es ist fehlerhaft, wiederholt einen Feldnamen, enthält ungültige Zeichen oder ist zu tief verschachtelt.
    .why = Ein fehlerhaftes Dokument lässt sich nicht zuverlässig lesen, und ein wiederholtes Feld kann für verschiedene Programme Verschiedenes bedeuten. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, welches System das Dokument erstellt hat, und bitten Sie um ein korrekt gebildetes Ersatzpaket.

code-time-invalid =
    .meaning = Ein Datum mit Uhrzeit im Paket kann nicht gelesen werden oder gibt seine Zeitzone nicht an.
    .why = Fristen und die Reihenfolge der Ereignisse lassen sich ohne genaue Zeitangaben nicht prüfen. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um das genaue Datum, die Uhrzeit und die Zeitzone des betreffenden Ereignisses sowie um ein berichtigtes Paket.

code-time-out_of_order =
    .meaning = Daten im Paket stehen in einer unmöglichen Reihenfolge, zum Beispiel ein Schritt, der endet, bevor er begann, Prüfungen vor dem Ende der Arbeiten oder die Erklärung, die vor dem Abschluss der Löschung signiert wurde.
    .why = Ein unmöglicher Zeitablauf bedeutet, dass die Aufzeichnungen falsch sind oder nachträglich bearbeitet wurden. Das Paket widerspricht sich selbst und ist ungültig.
    .ask = Bitten Sie den Verantwortlichen, den tatsächlichen Ablauf der Ereignisse zu erläutern, mit den ursprünglichen Systemaufzeichnungen, die zeigen, wann jede Handlung stattfand.

code-attestation-empty =
    .meaning = Die schriftliche Bestätigung des oder der Datenschutzbeauftragten (DSB), also die menschliche Erklärung, dass die Löschung durchgeführt wurde, ist leer.
    .why = Das Paket muss die eigene Erklärung einer verantwortlichen Person enthalten; ohne sie hat die Aussage keinen erklärten Urheber. Das Paket ist ungültig.
    .ask = Bitten Sie um die schriftliche Bestätigung des DSB, die beschreibt, was gelöscht wurde, wann und auf welcher Grundlage.

code-manifest-unsupported_format =
    .meaning = Die signierte Erklärung (das Manifest, das zentrale Übersichtsdokument des Pakets) weist sich nicht als Version 1 dieses Formats für Nachweispakete aus.
    .why = Die zur Prüfung verwendeten Regeln sind womöglich nicht die, denen der Ersteller gefolgt ist; auf die Ergebnisse ist daher kein Verlass. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, mit welchem Format und welcher Werkzeugversion das Paket erstellt wurde, und bitten Sie um ein Paket im unterstützten Format.

code-manifest-schema =
    .meaning = In der signierten Erklärung (dem Manifest) fehlen erforderliche Angaben, sie enthält Angaben der falschen Art oder einen unzulässigen Wert, etwa eine unbekannte Rechtsgrundlage oder einen fehlerhaften Dateifingerabdruck.
    .why = Die zentrale Erklärung der Aussage lässt sich nicht zuverlässig lesen. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, welche Angabe falsch war und warum, und bitten Sie um ein berichtigtes, neu signiertes Paket.

code-manifest-file_missing =
    .meaning = Die signierte Erklärung führt eine Datei als Teil der Nachweise auf, aber diese Datei ist nicht im Paket.
    .why = Ein Nachweis, für den der Unterzeichner eingestanden ist, fehlt; dieser Teil der Aussage lässt sich nicht prüfen. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um die fehlende Datei in einem neu erstellten Paket und fragen Sie, warum sie fehlte.

code-manifest-unlisted_member =
    .meaning = Das Paket enthält eine Datei, die die signierte Erklärung nicht aufführt; die Signatur deckt diese Datei also nicht ab.
    .why = Inhalt, den die Signatur nicht abdeckt, kann nach der Signatur von jedermann hinzugefügt worden sein. Das Paket ist ungültig.
    .ask = Fragen Sie, wer die Datei wann hinzugefügt hat, und bitten Sie um ein Paket, in dem jede Datei in der signierten Erklärung aufgeführt ist.

code-manifest-duplicate_path =
    .meaning = Die signierte Erklärung führt dieselbe Datei mehr als einmal auf.
    .why = Eine doppelt aufgeführte Datei, womöglich mit verschiedenen Fingerabdrücken, macht die Erklärung mehrdeutig. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, welcher Eintrag richtig ist und warum die Datei doppelt aufgeführt wurde, und bitten Sie um ein berichtigtes, neu signiertes Paket.

code-manifest-hash_mismatch =
    .meaning = Der Inhalt einer Datei stimmt nicht mit dem digitalen Fingerabdruck (Hash) überein, der für sie in der signierten Erklärung vermerkt ist: Die Datei wurde nach der Signatur geändert, oder es wurde die falsche Datei beigefügt.
    .why = Das ist das wichtigste Anzeichen für Manipulation oder Fehler: Die Nachweise sind nicht das, was signiert wurde. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um die Datei genau so, wie sie signiert wurde, und fragen Sie, wer sie wann und warum geändert hat.

code-manifest-size_mismatch =
    .meaning = Die Größe einer Datei weicht von der Größe ab, die für sie in der signierten Erklärung vermerkt ist.
    .why = Die Nachweise sind nicht das, was signiert wurde – ein Anzeichen für Veränderung oder Fehler. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um die Datei genau so, wie sie signiert wurde, und fragen Sie, warum sich ihre Größe geändert hat.

code-manifest-field_mismatch =
    .meaning = Wichtige Angaben der signierten Erklärung (Antragsnummer, Organisation, Kennung der betroffenen Person, Rechtsgrundlage, Eingangsdatum oder Frist) weichen von denselben Angaben im Löschantrag ab.
    .why = Die signierte Aussage betrifft womöglich einen anderen Antrag oder eine andere Frist als die aufgezeichnete. Das Paket widerspricht sich selbst und ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, welche Werte richtig sind, mit dem ursprünglichen Antragsdatensatz, und warum die beiden Dokumente voneinander abweichen.

code-manifest-all_clear_false_claim =
    .meaning = Die signierte Erklärung behauptet, die Löschung sei vollständig abgeschlossen, aber die eigenen Prüfungen des Prüfprogramms zeigen, dass Teile davon nicht abgeschlossen sind.
    .why = Der Unterzeichner hat etwas behauptet, dem die Nachweise widersprechen. Das Paket widerspricht sich selbst und ist ungültig.
    .ask = Fragen Sie den DSB, warum die Löschung trotz offener Punkte als vollständig bescheinigt wurde und welche Überprüfung vor der Signatur stattfand.

code-signature-malformed =
    .meaning = Die Datei mit der digitalen Signatur, die belegen soll, wer die Erklärung freigegeben hat, hat nicht die erwartete Form: falsche Struktur, ein nicht unterstütztes Signaturverfahren oder eine Signatur der falschen Länge.
    .why = Ohne verwertbare Signatur kann niemand bestätigen, wer die Erklärung freigegeben hat oder dass sie unverändert ist. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um ein Paket mit einer korrekt gebildeten Signatur, erstellt mit dem registrierten Signaturschlüssel des DSB.

code-signature-key_id_mismatch =
    .meaning = Die digitale Signatur gibt an, mit einem anderen Signaturschlüssel erstellt worden zu sein als dem, den die signierte Erklärung nennt.
    .why = Erklärung und Signatur sind sich nicht einig, welcher Schlüssel signiert hat; die Echtheit lässt sich nicht feststellen. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, welcher Signaturschlüssel tatsächlich verwendet wurde, und bitten Sie um ein Paket, in dem Signatur und Erklärung denselben Schlüssel nennen.

code-signature-invalid =
    .meaning = Die digitale Signatur passt nicht zur signierten Erklärung: Entweder wurde die Erklärung nach der Signatur geändert, oder die Signatur wurde nicht mit dem genannten Schlüssel erstellt.
    .why = Die zentrale Echtheitsprüfung schlägt fehl; auf die Erklärung ist überhaupt kein Verlass. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, ob die Erklärung nach der Signatur bearbeitet wurde und wie die Abweichung entstand, und bitten Sie um ein vom DSB ordnungsgemäß neu signiertes Paket.

code-request-schema =
    .meaning = Im Datensatz des Löschantrags fehlen erforderliche Angaben oder er enthält ungültige Werte, zum Beispiel keinen Verweis auf die Identitätsprüfung der antragstellenden Person, unbekannte oder wiederholte Datenkategorien oder eine unvollständige Mitteilung über eine Fristverlängerung.
    .why = Der Antrag legt Umfang und Frist der Löschung fest; lässt er sich nicht lesen, kann die Aussage nicht beurteilt werden. Das Paket ist ungültig.
    .ask = Bitten Sie um den ursprünglichen Antragsdatensatz, einschließlich des Verweises auf die Identitätsprüfung, der erfassten Datenkategorien und einer etwaigen Mitteilung über eine Fristverlängerung.

code-steps-schema =
    .meaning = Die Aufzeichnung eines Löschschritts ist unvollständig oder fehlerhaft, zum Beispiel ein fehlgeschlagener Schritt ohne Fehlerbeschreibung, ein aufgeschobener Schritt ohne Ablaufdatum oder eine Ausnahme ohne Rechtsgrundlage oder Begründung.
    .why = Die Aufzeichnungen der Schritte sind der zentrale Nachweis dessen, was getan wurde; eine fehlerhafte Aufzeichnung lässt sich nicht beurteilen. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um die vollständigen, berichtigten Aufzeichnungen der Schritte aus dem System, das die Löschung ausgeführt hat.

code-steps-order =
    .meaning = Die Aufzeichnungen der Löschschritte stehen nicht in der vorgeschriebenen festen Reihenfolge, sind falsch nummeriert, oder ein Schritt kommt mehr als einmal vor.
    .why = Eine ungeordnete oder wiederholte Aufzeichnung lässt offen, welcher Eintrag das tatsächliche Ergebnis eines Schritts ist. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um das ursprüngliche Ausführungsprotokoll und fragen Sie, welche Aufzeichnung für jeden Schritt maßgeblich ist.

code-steps-residue_after_ok =
    .meaning = Ein Schritt wird als erfolgreich gemeldet, doch seine eigene Zählung zeigt, dass danach noch Datensätze mit Daten der Person übrig sind.
    .why = Die Aufzeichnung des Schritts widerspricht sich selbst; seiner Erfolgsmeldung ist nicht zu trauen. Das Paket ist ungültig.
    .ask = Fragen Sie, was die verbliebenen Datensätze sind, ob sie inzwischen gelöscht wurden und warum der Schritt als erfolgreich markiert wurde.

code-steps-silent_failure =
    .meaning = Ein Löschschritt ist fehlgeschlagen, aber es wurde kein Vorfalls- oder Ausnahmeticket eröffnet, um den Fehler zu verfolgen und zu beheben.
    .why = Fehler, die niemand verfolgt, werden oft nicht behoben, und das Verfahren des Verantwortlichen hat diesen Fehler nicht wie vorgeschrieben erfasst. Das Paket ist ungültig.
    .ask = Bitten Sie um die Vorfallsaufzeichnung zu dem Fehler und fragen Sie, wer für die Behebung zuständig ist und wann der Schritt abgeschlossen wird.

code-probes-schema =
    .meaning = Die Ergebnisse der Prüfungen (Suchläufe nach der Löschung, die bestätigen sollen, dass die Daten entfernt sind) sind unvollständig oder fehlerhaft.
    .why = Ohne lesbare Prüfergebnisse gibt es keine Bestätigung, dass die Daten entfernt sind. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um die vollständigen Prüfergebnisse, einschließlich des Datums der Ausführung und der verwendeten Softwareversion.

code-probes-all_clear_inconsistent =
    .meaning = Die Prüfergebnisse melden „alles in Ordnung“, obwohl ihre eigenen Zählungen verbliebene Daten zeigen, oder sie melden ein Problem, obwohl jede Zählung null ist.
    .why = Die Ergebnisse widersprechen sich selbst; weder auf die Zusammenfassung noch auf die Zählungen ist Verlass. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen, die Abweichung zu erklären und die Rohergebnisse jeder Prüfung vorzulegen.

code-probes-audit_mismatch =
    .meaning = Die Prüfergebnisse nennen eine andere Zahl lesbar gebliebener personenbezogener Angaben im Audit-Protokoll, als das Prüfprogramm im Auszug aus dem Audit-Protokoll im Paket zählt.
    .why = Die Prüfung des Audit-Protokolls hat entweder andere Nachweise betrachtet oder ihren Befund falsch wiedergegeben. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, wie die Prüfung des Audit-Protokolls durchgeführt wurde und an welchen Protokolldaten, und bitten Sie ihn, ihre Zählung mit den Nachweisen abzugleichen.

code-receipts-schema =
    .meaning = Eine Löschbestätigung eines Unterauftragsverarbeiters (eines externen Unternehmens, das für den Verantwortlichen Daten verarbeitet) ist unvollständig oder fehlerhaft, z. B. eine bestätigte Löschung ohne Bestätigungszeitpunkt.
    .why = Die Bestätigungen belegen, dass externe Unternehmen die Daten gelöscht haben; eine fehlerhafte Bestätigung lässt sich nicht beurteilen. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um die vollständige Bestätigung, wie sie der Unterauftragsverarbeiter ausgestellt hat, mit Antrags- und Bestätigungsdatum.

code-sla-deadline_overstated =
    .meaning = Die Frist, die der Verantwortliche für diesen Antrag vermerkt hat, fällt auf das Ende der ursprünglichen gesetzlichen Frist oder später (zum Beispiel einen Kalendermonat nach Eingang nach der DSGVO), auch wenn später eine Verlängerung erfolgte.
    .why = Der Verantwortliche hat sich mehr Zeit eingeräumt, als das Gesetz gewährt, was eine verspätete Löschung verdecken könnte. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, wie die Frist berechnet wurde, auf welcher Rechtsgrundlage und was der betroffenen Person mitgeteilt wurde.

code-audit-schema =
    .meaning = Der Auszug aus dem manipulationssicheren Audit-Protokoll (einem Protokoll, dessen frühere Einträge nicht unbemerkt geändert werden können) ist unvollständig oder fehlerhaft.
    .why = Das Audit-Protokoll ist der unabhängige Zeuge des Geschehens; fehlerhafte Nachweise lassen sich nicht prüfen. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um einen vollständigen, korrekt gebildeten Auszug aus dem Audit-Protokoll für diesen Antrag.

code-audit-checkpoint_malformed =
    .meaning = Ein Checkpoint des manipulationssicheren Audit-Protokolls (eine signierte Momentaufnahme des Protokolls zu einem Zeitpunkt) kann nicht gelesen werden.
    .why = Ohne lesbare Momentaufnahmen lässt sich die Integrität des Audit-Protokolls nicht bestätigen. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um die ursprünglichen signierten Momentaufnahmen des Audit-Protokolls von vor und nach der Löschung.

code-audit-checkpoint_signature_invalid =
    .meaning = Die Signatur einer Momentaufnahme des manipulationssicheren Audit-Protokolls, erstellt mit dem anerkannten Schlüssel des Protokollbetreibers, lässt sich nicht bestätigen.
    .why = Die Momentaufnahme ist womöglich gefälscht oder verändert; auf den Auszug aus dem Audit-Protokoll ist kein Verlass. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen oder den Betreiber des Audit-Protokolls um die echten signierten Momentaufnahmen und um eine Erklärung des Fehlers.

code-audit-origin_mismatch =
    .meaning = Eine Momentaufnahme des Audit-Protokolls nennt ein anderes Protokoll als das, aus dem die Nachweise laut Paket stammen.
    .why = Die Nachweise stammen womöglich aus einem anderen Protokoll, etwa aus einem Testsystem oder dem Protokoll eines anderen Kunden. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, welches Audit-Protokoll die Aufzeichnungen zu diesem Antrag enthält, und bitten Sie um Momentaufnahmen aus diesem Protokoll.

code-audit-consistency_failed =
    .meaning = Der Beweis, dass das Audit-Protokoll zwischen den Momentaufnahmen vor und nach der Löschung nur gewachsen ist und nicht umgeschrieben wurde, schlägt fehl.
    .why = Frühere Protokolleinträge wurden womöglich verändert oder entfernt, was den Wert des Protokolls als Zeuge zunichtemacht. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen und den Protokollbetreiber, ob das Audit-Protokoll umgeschrieben oder zurückgesetzt wurde, und bitten Sie um einen gültigen Beweis für den Zeitraum.

code-audit-inclusion_failed =
    .meaning = Für einen im Paket gezeigten Protokolleintrag lässt sich nicht beweisen, dass er an der angegebenen Position Teil des manipulationssicheren Audit-Protokolls ist.
    .why = Der Eintrag ist womöglich erfunden oder verändert und kann nicht als Nachweis dienen. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um den echten Eintrag, wie er im Audit-Protokoll verzeichnet ist, mit seinem Aufnahmebeweis.

code-audit-disclosure_unmatched =
    .meaning = Das Protokoll bewahrt personenbezogene Angaben getrennt von seinen Einträgen auf, damit sie später gelöscht werden können; hier stimmt eine Angabe nicht mit dem versiegelten Fingerabdruck in ihrem Eintrag überein.
    .why = Die Angabe ist nicht die ursprünglich aufgezeichnete – ein Anzeichen für eine Veränderung. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, wie es dazu kam, dass diese Angabe von der ursprünglich protokollierten abweicht.

code-audit-redaction_inconsistent =
    .meaning = Die Aufzeichnung dessen, was im Audit-Protokoll geschwärzt wurde, widerspricht dem Protokollauszug: Sie gibt an, eine noch vorhandene Angabe sei entfernt worden, oder verweist auf einen Eintrag, der nicht in den Nachweisen ist.
    .why = Die Beschreibung, die der Verantwortliche von seiner Schwärzung gibt, entspricht nicht dem, was er tatsächlich getan hat. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen, die Schwärzungsaufzeichnung mit den Einträgen des Audit-Protokolls abzugleichen und zu zeigen, welche Angaben entfernt wurden.

code-audit-cosignature_invalid =
    .meaning = Die Gegensignatur eines Zeugen auf einem der Checkpoints des Audit-Protokolls ist fehlerhaft: Ihre Bytes haben die falsche Länge, ihr Zeitpunkt ist unmöglich, oder die Signatur lässt sich mit dem Schlüssel des Zeugen nicht bestätigen.
    .why = Eine Gegensignatur ist das Wort eines Dritten, dass das Protokoll ihm einen stimmigen Verlauf gezeigt hat. Eine fehlerhafte Gegensignatur bedeutet, dass der Checkpoint verändert oder die Gegensignatur gefälscht wurde. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um den Checkpoint genau so, wie der Zeuge ihn gegensigniert hat, und bitten Sie den Betreiber des Zeugen, die Gegensignatur anhand seiner eigenen Aufzeichnungen zu bestätigen.

code-receipts-attestation_invalid =
    .meaning = Die einer Bestätigung beigefügte signierte Erklärung des Unterauftragsverarbeiters ist beschädigt oder hat die falsche Form, oder ihre Signatur mit einem anerkannten Schlüssel des Unterauftragsverarbeiters lässt sich nicht bestätigen.
    .why = Erst die signierte Erklärung macht eine Bestätigung zum Wort des Unterauftragsverarbeiters statt zu dem des Verantwortlichen. Eine fehlerhafte Erklärung kann die Bestätigung nicht stützen, und eine fehlgeschlagene Signatur bedeutet, dass sie verändert wurde. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um die ursprüngliche signierte Löscherklärung des Unterauftragsverarbeiters, und bitten Sie den Unterauftragsverarbeiter, sie direkt zu bestätigen.

code-receipts-attestation_mismatch =
    .meaning = Die signierte Erklärung des Unterauftragsverarbeiters sagt nicht dasselbe wie die Bestätigung: ein anderes Ticket, ein anderer Status oder Zeitpunkt, oder ein anderer Mandant oder eine andere betroffene Person als im Paket.
    .why = Eine Erklärung über eine andere Löschung beweist nichts über diese, und eine Bestätigung, die von dem abweicht, was der Unterauftragsverarbeiter signiert hat, widerspricht ihr. Das Paket ist ungültig.
    .ask = Fragen Sie, welche Löschung der Unterauftragsverarbeiter tatsächlich bestätigt hat, und bitten Sie um die Erklärung, die zu diesem Antrag passt.

code-seal-schema =
    .meaning = Das Siegel an der Signatur des Pakets (der Nachweis, dass die Signatur bis zu einem bestimmten Zeitpunkt protokolliert und von unabhängigen Zeugen gesehen wurde) hat nicht die erwartete Form, oder der Protokolleintrag darin hat sie nicht.
    .why = Ein unlesbares Siegel beweist nichts, und ein beschädigtes wurde womöglich manipuliert. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um das Siegel genau so, wie sein Audit-Protokoll es verzeichnet hat, und fragen Sie, welches Werkzeug es erzeugt hat.

code-seal-checkpoint_invalid =
    .meaning = Die Momentaufnahme des Audit-Protokolls im Siegel ist unlesbar, gehört zu einem anderen Protokoll oder ist nicht mit dem anerkannten Schlüssel dieses Protokolls signiert.
    .why = Ein Siegel, das der Schlüssel des Protokolls nicht signiert hat, ist kein Siegel dieses Protokolls: Es kann nicht zeigen, wann die Signatur protokolliert wurde. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um die Momentaufnahme des Protokolls, die das Siegel enthält, signiert mit dem registrierten Schlüssel des Audit-Protokolls.

code-seal-consistency_failed =
    .meaning = Es ist nicht gezeigt, dass die Momentaufnahme des Audit-Protokolls im Siegel das Protokoll fortsetzt, aus dem die Nachweise des Pakets stammen: Der Beweis, der beide verbindet, schlägt fehl.
    .why = Das Siegel stammt womöglich aus einem anderen Verlauf des Protokolls als dem, in dem die Löschung verzeichnet wurde. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um den Beweis, der die letzte Momentaufnahme des Pakets mit der des Siegels verbindet, und fragen Sie, ob das Protokoll je umgeschrieben wurde.

code-seal-inclusion_failed =
    .meaning = Es ist nicht bewiesen, dass der Protokolleintrag, der die Signatur verzeichnet, Teil der Momentaufnahme des Audit-Protokolls im Siegel ist.
    .why = Ohne diesen Beweis zeigt nichts, dass die Signatur je protokolliert wurde. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um den Beweis, dass der Signatureintrag in der versiegelten Momentaufnahme des Protokolls enthalten ist.

code-seal-entry_mismatch =
    .meaning = Der Protokolleintrag im Siegel verzeichnet ein anderes Ereignis, ein anderes Paket, eine andere signierte Erklärung oder eine andere Signatur als die dieses Pakets.
    .why = Das Siegel gehört zu etwas anderem und sagt nichts darüber, wann diese Signatur existierte; es wurde womöglich aus einem anderen Paket übernommen. Das Paket ist ungültig.
    .ask = Fragen Sie den Verantwortlichen, zu welchem Paket der versiegelte Eintrag gehört, und bitten Sie um das Siegel der eigenen Signatur dieses Pakets.

code-provenance-schema =
    .meaning = Ein Eintrag in der Datei zur Datenherkunft (der Übersicht über Zusammenfassungen, Embeddings, Caches und andere aus den Daten der Person erzeugte Elemente) ist unvollständig oder fehlerhaft.
    .why = Über die Herkunftsübersicht werden abgeleitete Kopien der Daten gefunden; ein fehlerhafter Eintrag lässt sich nicht beurteilen. Das Paket ist ungültig.
    .ask = Bitten Sie den Verantwortlichen um eine vollständige, korrekt gebildete Datei zur Datenherkunft für diesen Antrag.

code-trust-not_configured =
    .meaning = Die Prüfung lief ohne Liste anerkannter Signaturschlüssel (den Vertrauensspeicher) und konnte daher nicht bestätigen, wer das Paket signiert hat.
    .why = Ohne diese Liste hätte jeder signieren können; das Paket ist unversehrt, aber nicht vertrauenswürdig. Das betrifft meist die Art, wie die Prüfung durchgeführt wurde, nicht das Paket.
    .ask = Bitten Sie den Verantwortlichen, seine Liste anerkannter Signaturschlüssel über einen vom Paket getrennten Kanal bereitzustellen, damit die Prüfung wiederholt werden kann.

code-trust-key_unknown =
    .meaning = Der zum Signieren des Pakets verwendete Schlüssel steht nicht in der Liste anerkannter Schlüssel.
    .why = Die Signatur ist womöglich echt, aber nichts zeigt, dass der Unterzeichner befugt ist, Löschungen zu bescheinigen. Das Paket ist nicht vertrauenswürdig.
    .ask = Fragen Sie, wer diesen Schlüssel besitzt und warum er nicht registriert ist, oder bitten Sie um ein Paket, das mit einem registrierten Schlüssel des DSB signiert ist.

code-trust-key_not_valid_at_signing =
    .meaning = Das Paket gibt an, zu einem Zeitpunkt signiert worden zu sein, zu dem der Signaturschlüssel noch nicht gültig oder bereits abgelaufen war.
    .why = Ein Schlüssel außerhalb seines Gültigkeitszeitraums ist nicht zum Signieren befugt. Das Paket ist nicht vertrauenswürdig.
    .ask = Fragen Sie den Verantwortlichen, wann das Paket tatsächlich signiert wurde und mit welchem Schlüssel, und bitten Sie um ein Paket, das mit einem zu diesem Zeitpunkt gültigen Schlüssel signiert ist.

code-trust-key_revoked =
    .meaning = Der Signaturschlüssel war zu dem Zeitpunkt, zu dem das Paket laut eigener Angabe signiert wurde, oder schon davor zurückgezogen (widerrufen), etwa weil er verloren ging oder kompromittiert wurde.
    .why = Ein widerrufener Schlüssel ist womöglich in falschen Händen; der Signatur ist nicht zu trauen. Das Paket ist nicht vertrauenswürdig.
    .ask = Fragen Sie, warum und wann der Schlüssel widerrufen wurde, und bitten Sie darum, das Paket mit einem aktuellen Schlüssel des DSB neu zu signieren.

code-trust-role_missing =
    .meaning = Der Signaturschlüssel ist registriert, aber nicht für die Rolle des oder der Datenschutzbeauftragten (DSB) zugelassen, die Löschungen bescheinigen darf.
    .why = Die Person oder das System, die bzw. das signiert hat, ist nicht berechtigt, diese Aussage zu treffen. Das Paket ist nicht vertrauenswürdig.
    .ask = Fragen Sie den Verantwortlichen, warum das Paket nicht vom DSB signiert wurde, und bitten Sie um ein mit dem Schlüssel des DSB signiertes Paket.

code-trust-signer_mismatch =
    .meaning = Die in der Erklärung als Unterzeichner genannte Person ist nicht die registrierte Inhaberin des Schlüssels, mit dem signiert wurde.
    .why = Möglicherweise hat jemand im Namen einer anderen Person signiert, was die Kette der Verantwortlichkeit unterbricht. Das Paket ist nicht vertrauenswürdig.
    .ask = Fragen Sie, wer das Paket tatsächlich signiert hat, und bitten Sie um ein Paket, das der genannte Unterzeichner mit seinem eigenen Schlüssel signiert hat.

code-sod-signer_is_runner =
    .meaning = Die Person, die die Löschung abgezeichnet hat, ist dieselbe, die sie durchgeführt hat (die Funktionstrennung verlangt, dass die Abzeichnung von einer unabhängigen Person kommt).
    .why = Niemand Unabhängiges hat die Arbeit geprüft, bevor sie bescheinigt wurde. Das Paket ist nicht vertrauenswürdig.
    .ask = Fragen Sie, wer die Löschung unabhängig überprüft hat, und bitten Sie um eine Abzeichnung durch den DSB oder eine andere Person, die sie nicht durchgeführt hat.

code-audit-checkpoint_key_unknown =
    .meaning = Die Momentaufnahmen des manipulationssicheren Audit-Protokolls sind mit keinem Schlüssel signiert, der für dieses Protokoll als Signaturschlüssel anerkannt ist.
    .why = Der Auszug aus dem Audit-Protokoll lässt sich nicht auf den anerkannten Protokollbetreiber zurückführen und ist daher kein unabhängiger Zeuge. Das Paket ist nicht vertrauenswürdig.
    .ask = Bitten Sie den Verantwortlichen um den registrierten Signaturschlüssel des Audit-Protokolls und um damit signierte Momentaufnahmen.

code-audit-request_not_logged =
    .meaning = Der Auszug aus dem manipulationssicheren Audit-Protokoll enthält keine Aufzeichnung darüber, dass dieser Löschantrag angenommen wurde.
    .why = Es gibt keine unabhängige Aufzeichnung des Antrags; die Aussage stützt sich auf die eigenen Unterlagen des Verantwortlichen. Das Paket ist nicht vertrauenswürdig.
    .ask = Bitten Sie den Verantwortlichen um den Eintrag im Audit-Protokoll, der festhält, wann der Antrag angenommen wurde.

code-audit-step_not_logged =
    .meaning = Ein Löschschritt mit dem im Paket gemeldeten Ergebnis hat keinen passenden Eintrag im Auszug aus dem Audit-Protokoll.
    .why = Das gemeldete Ergebnis ist nicht unabhängig bezeugt und könnte nachträglich geschrieben worden sein. Das Paket ist nicht vertrauenswürdig.
    .ask = Bitten Sie den Verantwortlichen um den Eintrag im Audit-Protokoll zu diesem Schritt, oder fragen Sie, warum der Schritt nicht protokolliert wurde.

code-audit-witness_quorum_not_met =
    .meaning = Weniger unabhängige Zeugen, als die Richtlinie Ihres Vertrauensspeichers verlangt, bürgen für den letzten Checkpoint des Audit-Protokolls.
    .why = Ohne genügend Zeugen beruht der Verlauf des Protokolls auf dem eigenen Schlüssel des Verantwortlichen: Er könnte Ihnen einen anderen Verlauf gezeigt haben als anderen. Ihre Richtlinie vertraut ihm nicht. Das Paket ist nicht vertrauenswürdig.
    .ask = Bitten Sie den Verantwortlichen, den Checkpoint von den Zeugen gegensignieren zu lassen, die Ihre Richtlinie nennt, oder fragen Sie, welche Zeugen er nutzt und wie deren Schlüssel zu erhalten sind.

code-receipts-unattested =
    .meaning = Die Richtlinie Ihres Vertrauensspeichers verlangt, dass Unterauftragsverarbeiter ihre Löschbestätigungen signieren, und die Löschung bei einem Unterauftragsverarbeiter ist nur durch eine vom Verantwortlichen übernommene Bestätigung belegt, ohne geprüfte signierte Erklärung des Unterauftragsverarbeiters.
    .why = Die Löschung bei diesem Unterauftragsverarbeiter beruht dann allein auf dem Wort des Verantwortlichen, was Ihre Richtlinie nicht akzeptiert. Das Paket ist nicht vertrauenswürdig.
    .ask = Bitten Sie um die signierte Löscherklärung des Unterauftragsverarbeiters und um seinen öffentlichen Schlüssel über einen eigenen Kanal.

code-sla-unwitnessed =
    .meaning = Die Richtlinie Ihres Vertrauensspeichers verlangt, dass unabhängige Zeugen den rechtzeitigen Abschluss der Löschung bestätigen, und das tun sie nicht: Sie haben das Audit-Protokoll der Löschung erst zur Frist oder danach gesehen, oder zu wenige von ihnen haben es gesehen.
    .why = Die Aussage, die Frist sei eingehalten, beruht allein auf der Uhr des Verantwortlichen, was Ihre Richtlinie nicht akzeptiert. Das Paket ist nicht vertrauenswürdig.
    .ask = Fragen Sie den Verantwortlichen, warum das Audit-Protokoll die Zeugen erst nach der Frist erreicht hat, und bitten Sie um vor der Frist gegensignierte Checkpoints des Protokolls.

code-trust-key_revoked_before_seal =
    .meaning = Der Signaturschlüssel wurde nach dem Zeitpunkt zurückgezogen (widerrufen), zu dem das Paket laut eigener Angabe signiert wurde, und das Siegel beweist die Signatur erst ab dem Widerruf oder später.
    .why = Nichts beweist, dass die Signatur vor dem Widerruf des Schlüssels erstellt wurde: Wer den Schlüssel danach besaß, könnte sie erstellt und früher datiert haben. Das Paket ist nicht vertrauenswürdig.
    .ask = Fragen Sie, warum der Schlüssel widerrufen wurde und ob er kompromittiert war, und bitten Sie um ein vom DSB mit einem gültigen Schlüssel neu signiertes und umgehend versiegeltes Paket.

code-signature-unsealed =
    .meaning = Die Richtlinie Ihres Vertrauensspeichers verlangt, dass die Signatur des Pakets versiegelt ist (protokolliert und von unabhängigen Zeugen gegensigniert, was beweist, wann sie existierte), und sie ist es nicht, oder ihr Siegel hält nicht oder hat zu wenige Zeugen.
    .why = Ohne Siegel beruht der Signaturzeitpunkt allein auf dem Wort des Unterzeichners, und einer Signatur, deren Schlüssel später widerrufen wird, ist nicht mehr zu trauen. Ihre Richtlinie akzeptiert das nicht. Das Paket ist nicht vertrauenswürdig.
    .ask = Bitten Sie den Verantwortlichen, die Signatur über sein Audit-Protokoll und seine Zeugen zu versiegeln und Ihnen das versiegelte Paket zu senden.

code-minimization-subject_not_pseudonymous =
    .meaning = Das Paket bezeichnet die Person mit einer echten Kennung (etwa einer E-Mail-Adresse oder einem Namen) statt mit einem codierten Verweis, der ohne den geheimen Schlüssel des Verantwortlichen nicht lesbar ist.
    .why = Der Nachweis selbst enthält dann eine Kopie der personenbezogenen Daten, deren Löschung er behauptet; die Löschung ist also unvollständig.
    .ask = Bitten Sie den Verantwortlichen, das Paket mit dem codierten Verweis neu auszustellen und zu bestätigen, dass keine weiteren Kopien der echten Kennung verbleiben.

code-steps-missing =
    .meaning = Für einen der erforderlichen Löschschritte gibt es keine Aufzeichnung: Jede beantragte Datenkategorie braucht einen, ebenso die Löschung bei den Unterauftragsverarbeitern und die Schwärzung des Audit-Protokolls.
    .why = Eine Kategorie der Daten der Person wurde womöglich überhaupt nicht gelöscht. Die Löschung ist unvollständig.
    .ask = Fragen Sie den Verantwortlichen, ob dieser Schritt durchgeführt wurde, und bitten Sie um seine Aufzeichnung und seine Nachweise.

code-steps-failed =
    .meaning = Ein Löschschritt ist als fehlgeschlagen verzeichnet.
    .why = Ein Teil der Daten der Person wurde nicht gelöscht. Die Löschung ist unvollständig.
    .ask = Fragen Sie, was schiefgegangen ist, nach dem Vorfallsticket und wann der Schritt erneut ausgeführt wird, und bitten Sie um Nachweise, sobald er gelingt.

code-steps-pending =
    .meaning = Ein Löschschritt wurde noch nicht durchgeführt; er ist für einen späteren Zeitpunkt geplant.
    .why = Bis der Schritt erledigt ist, existieren die Daten noch. Die Löschung ist unvollständig.
    .ask = Fragen Sie nach dem geplanten Datum und warum der Schritt nicht rechtzeitig erledigt wurde, und bitten Sie um Bestätigung, sobald er abgeschlossen ist.

code-steps-deferred =
    .meaning = Ein Löschschritt wurde nicht unmittelbar durchgeführt, sondern einem automatischen Ablauf nach einer festgelegten Zeit überlassen, zum Beispiel einem Cache, der von selbst verfällt.
    .why = Bis diese Zeit verstrichen ist, existieren die Daten noch; eine aufgeschobene Löschung ist keine abgeschlossene. Die Löschung ist unvollständig.
    .ask = Fragen Sie, wann genau die Daten verfallen und ob sie bis dahin genutzt werden können, und bitten Sie um Bestätigung nach dem Verfall.

code-steps-replication_not_drained =
    .meaning = Aufzeichnungen der früheren Interaktionen der Person wurden aus der Hauptdatenbank gelöscht, aber nichts bestätigt, dass deren synchronisierte Kopien (Replikate) die Löschung nachvollzogen haben.
    .why = Kopien der Daten existieren womöglich noch auf anderen Servern. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen um Nachweise, dass jede Kopie der Datenbank die Löschung übernommen hat.

code-steps-vectors_not_purged =
    .meaning = Die Daten der Person wurden für die Suche ausgeblendet, aber die gespeicherten Suchdaten (Embeddings, numerische Darstellungen von Text für die Ähnlichkeitssuche) wurden nicht bereinigt oder neu aufgebaut und bestehen daher womöglich fort.
    .why = Daten für die Suche auszublenden heißt nicht, sie zu löschen. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen um Nachweise, dass die zugrunde liegenden Suchdaten bereinigt oder ohne die Daten der Person neu aufgebaut wurden.

code-steps-model_lineage_missing =
    .meaning = Das Paket legt nicht vollständig dar, welche KI-Modellversionen mit den Daten der Person trainiert wurden und was mit jeder geschah (neu trainiert, verlernt, außer Betrieb genommen …), oder einer Maßnahme fehlt ihr Nachweis.
    .why = Die Daten der Person bestehen womöglich in KI-Modellen fort. Die Löschung ist unvollständig.
    .ask = Bitten Sie um eine Liste aller mit den Daten trainierten Modellversionen und der für jede getroffenen Maßnahme, mit Verfahren und Testergebnissen für jedes Verlernen.

code-steps-model_suppressed_only =
    .meaning = Ein mit den Daten der Person trainiertes KI-Modell wurde lediglich daran gehindert, sie auszugeben (Unterdrückung); der Einfluss der Daten besteht im Modell fort.
    .why = Die Unterdrückung ist eine Übergangsmaßnahme, keine Löschung. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen um seinen Plan und seinen Termin, das Modell neu zu trainieren, verlernen zu lassen oder außer Betrieb zu nehmen.

code-probes-missing =
    .meaning = Eine erforderliche Prüfung (ein Suchlauf nach der Löschung, der bestätigen soll, dass die Daten entfernt sind) fehlt für eine Datenkategorie, für die Unterauftragsverarbeiter oder für das Audit-Protokoll.
    .why = Nichts bestätigt, dass die Daten in diesem Bereich entfernt sind. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen, die fehlende Prüfung durchzuführen und ihre Ergebnisse vorzulegen.

code-probes-residue =
    .meaning = Eine Prüfung hat Datensätze mit Daten der Person gefunden, die hätten gelöscht werden müssen, aber noch existieren.
    .why = Personenbezogene Daten, die entfernt sein sollten, werden noch vorgehalten. Die Löschung ist unvollständig.
    .ask = Fragen Sie, was die verbliebenen Datensätze sind und warum sie übersehen wurden, und bitten Sie um Nachweise ihrer Löschung.

code-probes-unredacted_pii =
    .meaning = Die Prüfung des Audit-Protokolls hat personenbezogene Angaben gefunden, die nicht geschwärzt wurden.
    .why = Personenbezogene Daten bleiben im Audit-Protokoll lesbar. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen, die verbliebenen Angaben zu schwärzen und eine neue Prüfung vorzulegen, die zeigt, dass keine mehr übrig sind.

code-audit-pii_disclosed =
    .meaning = Der Auszug aus dem Audit-Protokoll im Paket enthält noch personenbezogene Angaben in lesbarer Form, etwa eine E-Mail-Adresse, einen Namen oder eine IP-Adresse.
    .why = Personenbezogene Daten verbleiben im Audit-Protokoll und im Nachweis selbst. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen, diese Angaben im Audit-Protokoll zu schwärzen und aktualisierte Nachweise vorzulegen.

code-receipts-missing =
    .meaning = Für einen Unterauftragsverarbeiter (ein externes Unternehmen, das laut Verantwortlichem Daten der Person hält) enthält das Paket keine Löschbestätigung.
    .why = Nichts zeigt, dass das externe Unternehmen die Daten gelöscht hat. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen um die Löschbestätigung des Unterauftragsverarbeiters, oder fragen Sie, ob die Löschung dort überhaupt beantragt wurde.

code-receipts-not_api =
    .meaning = Die Löschung bei einem Unterauftragsverarbeiter lief über einen informellen Kanal, etwa eine E-Mail oder einen Anruf, statt über seinen automatisierten Löschdienst, und es gibt keine automatisierte Bestätigung.
    .why = Eine informelle Nachricht ist ein schwacher, schwer überprüfbarer Nachweis der Löschung. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen um eine Bestätigung des Löschdienstes des Unterauftragsverarbeiters mit ihrer Referenznummer.

code-receipts-no_ticket =
    .meaning = Die Löschbestätigung eines Unterauftragsverarbeiters hat keine Referenznummer (Ticket), und auch keine andere Bestätigung dieses Unterauftragsverarbeiters hat eine.
    .why = Ohne Referenz lässt sich die Löschung nicht nachverfolgen oder beim Unterauftragsverarbeiter überprüfen. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen um die Referenznummer des Unterauftragsverarbeiters für die Löschung oder um eine Bestätigung, die eine trägt.

code-receipts-pending =
    .meaning = Ein Unterauftragsverarbeiter hat den Löschantrag erhalten, aber noch nicht bestätigt, dass die Löschung erfolgt ist.
    .why = Bis zur Bestätigung hält das externe Unternehmen die Daten womöglich noch. Die Löschung ist unvollständig.
    .ask = Fragen Sie, wann der Unterauftragsverarbeiter bestätigen soll, und bitten Sie um seine Bestätigung, sobald sie vorliegt.

code-receipts-failed =
    .meaning = Ein Unterauftragsverarbeiter hat gemeldet, dass die Löschung fehlgeschlagen ist.
    .why = Das externe Unternehmen hält die Daten noch. Die Löschung ist unvollständig.
    .ask = Fragen Sie, warum die Löschung fehlgeschlagen ist und was der Verantwortliche dagegen unternimmt, und bitten Sie um eine bestätigte Löschbestätigung, sobald sie gelingt.

code-provenance-missing =
    .meaning = Der Antrag umfasst abgeleitete Daten (Zusammenfassungen, Embeddings, Caches und andere aus den Daten der Person erzeugte Elemente), aber das Paket enthält keine Datei zur Datenherkunft, die diese Elemente erfasst.
    .why = Ohne diese Übersicht gibt es keinen Nachweis, dass abgeleitete Kopien gefunden und gelöscht wurden. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen um die Datei zur Datenherkunft, die jedes aus den Daten der Person abgeleitete Element und dessen Zustand zeigt.

code-provenance-unverifiable =
    .meaning = Der Herkunftsindex des Verantwortlichen, der jedes aus den Daten der Person abgeleitete Element findet, war nicht verfügbar; abgeleitete Kopien konnten daher nicht nachverfolgt werden.
    .why = Das Fehlen eines Nachweises ist kein Nachweis des Fehlens: Abgeleitete Kopien bestehen womöglich unbemerkt fort. Die Löschung ist unvollständig.
    .ask = Fragen Sie den Verantwortlichen, wann der Index wieder verfügbar ist, und bitten Sie um ein neues Paket, sobald die abgeleiteten Kopien nachverfolgt sind.

code-provenance-scope_not_registered =
    .meaning = Die Datei zur Datenherkunft verweist auf einen Speicherbereich (einen „Scope“), der in der eigenen Bereichsliste der Datei nicht angegeben ist.
    .why = Die Übersicht ist widersprüchlich; Elemente in nicht angegebenen Bereichen wurden womöglich übersehen. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen, jeden Speicherbereich aufzuführen, der Daten der Person oder daraus abgeleitete Elemente enthält.

code-provenance-live_derivation =
    .meaning = Ein aus den gelöschten Daten abgeleitetes Element, etwa eine Zusammenfassung, ein Embedding oder eine zwischengespeicherte Antwort, ist noch aktiv und nutzbar.
    .why = Die Informationen der Person überdauern in abgeleiteter Form. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen, das abgeleitete Element zu löschen oder zu schwärzen und nachzuweisen, dass es entfernt ist.

code-provenance-deferred =
    .meaning = Ein aus den gelöschten Daten abgeleitetes Element wurde nicht gelöscht, sondern soll zu einem späteren Zeitpunkt automatisch verfallen.
    .why = Bis zum Verfall existiert das abgeleitete Element noch. Die Löschung ist unvollständig.
    .ask = Fragen Sie, wann das Element verfällt und ob es bis dahin genutzt werden kann, und bitten Sie um Bestätigung nach dem Verfall.

code-provenance-undeclared_deferral =
    .meaning = Ein aus den gelöschten Daten abgeleitetes Element wird dem Verfall überlassen, aber keine aufgezeichnete Verpflichtung deckt es bis zu seinem Ablaufdatum ab.
    .why = Nichts verpflichtet den Verantwortlichen sicherzustellen, dass das Element tatsächlich verfällt. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen, eine Verpflichtung aufzuzeichnen und einzuhalten, die das Element bis zu seinem Verfall abdeckt, oder es jetzt zu löschen.

code-provenance-reference_scopes_incomplete =
    .meaning = Der Löschmarker (Tombstone) eines gelöschten Elements führt nicht jeden Speicherbereich auf, in dem daraus abgeleitete Elemente aufbewahrt werden.
    .why = Abgeleitete Kopien in nicht aufgeführten Bereichen können der Löschung entgehen. Die Löschung ist unvollständig.
    .ask = Bitten Sie den Verantwortlichen, jeden Speicherbereich aufzuführen, der aus den gelöschten Daten abgeleitete Elemente enthält, und zu bestätigen, dass diese geleert wurden.

code-provenance-obligation_open =
    .meaning = Die Datei zur Datenherkunft verzeichnet eine offene Verpflichtung, etwa das Abwarten des Verfalls eines Caches, die noch nicht erfüllt ist.
    .why = Bis die Löschung vollständig ist, bleibt noch etwas zu tun. Die Löschung ist unvollständig.
    .ask = Fragen Sie, wann die Verpflichtung erfüllt sein wird, und bitten Sie um Nachweise, sobald sie es ist.

code-steps-backup_live =
    .meaning = Ein Schritt gibt an, dass eine Sicherung mit Daten der Person in Betrieb ist: wiederhergestellt und in Gebrauch, sodass die Daten noch vorhanden sind.
    .why = Daten in einer genutzten Sicherung sind nicht gelöscht, gleich was der Hauptspeicher zeigt. Die Löschung ist unvollständig.
    .ask = Fragen Sie, um welche Sicherung es sich handelt und wann sie bereinigt oder außer Gebrauch genommen wird, und bitten Sie um ein Folgepaket, sobald das geschehen ist.

code-steps-backup_unsuppressed =
    .meaning = Ein Schritt bewahrt eine Sicherung bis zu ihrem Ablauf auf, aber ohne Möglichkeit, die Löschung erneut anzuwenden, falls sie jemals wiederhergestellt wird.
    .why = Wird diese Sicherung wiederhergestellt, kommen die Daten der Person wieder in Gebrauch. Aufsichtsbehörden haben Sicherungen als die häufigste Lücke bei Löschungen festgestellt. Die Löschung ist unvollständig.
    .ask = Fragen Sie, wie eine Wiederherstellung dieser Sicherung die Löschung erneut anwenden würde (zum Beispiel über eine Sperrliste), oder wann die Sicherung bereinigt wird.

code-sla-breached =
    .meaning = Die Löschung wurde zum Zeitpunkt der maßgeblichen Frist oder danach abgeschlossen: der früheren von gesetzlicher Frist und der vom Verantwortlichen gesetzten Frist (oder dem verlängerten Termin, der der Person mitgeteilt wurde).
    .why = Die Löschung scheint vollständig, aber verspätet: Das Urteil lautet „verspätet“, was gegen die gesetzliche Frist verstoßen kann (z. B. Art. 12 Abs. 3 DSGVO).
    .ask = Fragen Sie den Verantwortlichen, warum die Löschung verspätet war, ob die betroffene Person informiert wurde und was künftige Verzögerungen verhindern soll.

code-manifest-all_clear_understated =
    .meaning = Die signierte Erklärung besagt, die Löschung sei nicht vollständig, aber das Prüfprogramm hat nichts Offenes gefunden.
    .why = Dies ist nur eine Warnung: Die Aussage ist vorsichtig, aber der Unterzeichner weiß womöglich von einem Problem, das das Paket nicht zeigt.
    .ask = Fragen Sie den DSB, warum die Löschung nicht als vollständig erklärt wurde und ob noch etwas zu tun bleibt.

code-trust-key_revoked_later =
    .meaning = Der Signaturschlüssel wurde nach dem Zeitpunkt zurückgezogen (widerrufen), zu dem das Paket laut eigener Angabe signiert wurde. Dieser Signaturzeitpunkt beruht allein auf dem Wort des Unterzeichners und ist nicht unabhängig bestätigt.
    .why = Nur eine Warnung, aber wenn der Schlüssel kompromittiert wurde, könnte jemand damit eine Signatur rückdatiert haben.
    .ask = Fragen Sie, warum und wann der Schlüssel widerrufen wurde, und bitten Sie um einen unabhängigen Nachweis, wann das Paket signiert wurde.

code-steps-exempt =
    .meaning = Ein Schritt wurde nicht durchgeführt, weil der Verantwortliche sich auf eine dokumentierte gesetzliche Ausnahme beruft, um diese Daten aufzubewahren (zum Beispiel Art. 17 Abs. 3 DSGVO).
    .why = Nur eine Warnung: Eine rechtmäßige Aufbewahrung macht die Löschung nicht unvollständig, aber die Ausnahme muss tatsächlich greifen.
    .ask = Bitten Sie den Verantwortlichen, die Ausnahme zu begründen, und fragen Sie, welche Daten wie lange aufbewahrt werden und wer darauf zugreifen kann.

code-independence-same_code_path =
    .meaning = Die Prüfungen liefen mit derselben Softwareversion wie die Löschung selbst und sind daher keine unabhängige Prüfung.
    .why = Nur eine Warnung, aber ein Fehler in dieser Software könnte Daten übersehen und es zugleich nicht bemerken.
    .ask = Fragen Sie, ob das Ergebnis mit getrennten Werkzeugen oder von einem getrennten Team bestätigt wurde.

code-receipts-unlisted =
    .meaning = Das Paket enthält eine Löschbestätigung eines Unterauftragsverarbeiters, der nicht in der signierten Liste der Unterauftragsverarbeiter steht.
    .why = Nur eine Warnung, aber die signierte Liste ist womöglich unvollständig: Die Daten sind vielleicht an mehr externe Unternehmen gegangen als angegeben.
    .ask = Bitten Sie den Verantwortlichen um eine vollständige Liste der externen Unternehmen, die Daten der Person erhalten haben.

code-sla-extension_invalid =
    .meaning = Der Antrag verzeichnet eine Fristverlängerung, die die gesetzlichen Voraussetzungen nicht erfüllt (nach diesem Recht nicht zulässig, zu spät mitgeteilt oder zu lang) oder fehlerhaft ist; sie wurde daher nicht berücksichtigt.
    .why = Nur eine Warnung, aber die Frist wird dann ohne die Verlängerung beurteilt, wodurch die Löschung verspätet sein kann.
    .ask = Bitten Sie um die Mitteilung über die Verlängerung an die betroffene Person, ihr Datum und die herangezogene Rechtsgrundlage.

code-receipts-attestation_unverified =
    .meaning = Eine Bestätigung trägt eine vom Unterauftragsverarbeiter signierte Erklärung, aber Ihr Vertrauensspeicher enthält keinen Schlüssel dieses Unterauftragsverarbeiters, um die Signatur zu prüfen.
    .why = Nur eine Warnung: Die Erklärung ist womöglich echt, lässt sich aber nicht prüfen; die Bestätigung beruht daher weiterhin auf dem Wort des Verantwortlichen.
    .ask = Bitten Sie den Unterauftragsverarbeiter über einen eigenen Kanal um seinen öffentlichen Signaturschlüssel, und fügen Sie ihn Ihrem Vertrauensspeicher hinzu.

code-sla-witnessed_after_deadline =
    .meaning = Das Paket gibt an, die Löschung sei vor der Frist abgeschlossen worden, doch unabhängige Zeugen haben das Audit-Protokoll der Löschung erst zur Frist oder danach gesehen.
    .why = Nur eine Warnung: Die Löschung war vielleicht rechtzeitig, aber das beruht allein auf der Uhr des Verantwortlichen, und ein rückdatierter Abschlusszeitpunkt sähe genauso aus.
    .ask = Fragen Sie den Verantwortlichen, warum das Audit-Protokoll die Zeugen verspätet erreicht hat, und bitten Sie um jeden unabhängigen Nachweis, wann die Löschung abgeschlossen wurde.

## Prüfquittungen (§20): `proofpack verification sign|check|countersign`.

verification-authentic = Echt: signiert von { $signers }.
verification-not-authentic = NICHT echt.
verification-failure-verification-envelope_malformed = der Umschlag ist keine Prüfquittung
verification-failure-verification-statement_malformed = die signierte Erklärung ist keine Prüferklärung
verification-failure-verification-no_counting_signature = keine Signatur stammt von einem zum Prüfzeitpunkt gültigen Prüferschlüssel Ihres Schlüsselspeichers
verification-failure-verification-signature_invalid = eine Signatur eines Prüferschlüssels Ihres Schlüsselspeichers ist ungültig
verification-failure-verification-signer_mismatch = kein signierender Prüferschlüssel gehört der als Prüfer genannten Person
verification-failure-verification-pack_mismatch = das angegebene Paket ist nicht das in der Erklärung genannte
verification-passed-verification-well_formed = Umschlag und Erklärung sind wohlgeformt
verification-passed-verification-signatures_verified = jede Signatur eines Prüferschlüssels Ihres Schlüsselspeichers ist gültig
verification-passed-verification-signer_is_verified_by = die als Prüfer genannte Person hat signiert
verification-passed-verification-pack_matches = das angegebene Paket ist das in der Erklärung genannte
verification-not-counting-key_unknown = der Schlüssel ist nicht in Ihrem Schlüsselspeicher
verification-not-counting-role_missing = dem Schlüssel fehlt die Rolle verifier
verification-not-counting-not_valid_at_verified_at = der Schlüssel war zum Prüfzeitpunkt nicht gültig (Zeitraum oder Widerruf)
verification-signature-verified = Signatur { $keyid } ({ $owner }): gültig
verification-signature-invalid = Signatur { $keyid } ({ $owner }): UNGÜLTIG
verification-signature-not-counting = Signatur { $keyid }: nicht gezählt, { $why }
verification-statement-pack = Paket: SHA-256 { $sha256 }, Paket { $pack }, Mandant { $tenant }, Antrag { $request }
verification-statement-found = Ergebnis: { $verdict }; Codes: { $codes }
verification-statement-by = Geprüft am { $at } von { $by } mit { $verifier }; Vertrauensspeicher SHA-256 { $trust }
verification-pack-matches = Das angegebene Paket (SHA-256 { $sha256 }) ist das genannte.
verification-pack-differs = Das angegebene Paket (SHA-256 { $sha256 }) ist NICHT das genannte.
verification-today = Heute erneut geprüft: { $verdict }; Codes: { $codes } (Urteil { $same_verdict }, Codes { $same_codes }, Vertrauensspeicher { $same_trust })
verification-same = gleich
verification-different = anders
verification-signed = { $file } geschrieben: { $verdict }, signiert von { $owner } (Schlüssel { $key_id }).
verification-countersigned = { $file } geschrieben: gegengezeichnet von { $owner } (Schlüssel { $key_id }).
code-register-supersedes_mismatch =
    .meaning = Ein Folgepaket nennt ein früheres Paket, das nicht zu ihm passt: eine andere Paket-ID, ein anderer Antrag, eine andere betroffene Person, Rechtsgrundlage oder Eingangszeit, oder ein früheres Paket, das nicht vor dem Folgepaket signiert wurde.
    .why = Die Kette der Pakete zu diesem Antrag ist unterbrochen oder widersprüchlich, sodass das Register nicht sagen kann, welches Paket die aktuelle Aussage des Verantwortlichen ist. Die Verknüpfung wird ignoriert, und der Antrag gilt als ungültig.
    .ask = Fragen Sie den Verantwortlichen, welches Paket welches ersetzt, und verlangen Sie ein Folgepaket, das Datei und Identität des früheren Pakets genau nennt.

code-register-superseded_twice =
    .meaning = Zwei oder mehr Pakete geben jeweils an, dasselbe frühere Paket zu ersetzen.
    .why = Ein Antrag kann nur eine nächste Fassung haben; zwei Ersetzungen desselben Pakets widersprechen sich, daher wird keine der Verknüpfungen anerkannt, und der Antrag gilt als ungültig.
    .ask = Fragen Sie den Verantwortlichen, welches dieser Pakete das echte Folgepaket ist und warum ein weiteres Paket ebenfalls das frühere ersetzen will.

code-register-log_fork =
    .meaning = Zwei Pakete zeigen dasselbe Audit-Protokoll mit zwei verschiedenen Verläufen: dieselbe Protokollgröße mit anderem Inhalt oder dieselbe Eintragsnummer mit anderen Einträgen.
    .why = Ein nur anhängbares Protokoll kann nur einen Verlauf haben. Der Schlüssel des Protokolls hat zwei signiert, daher ist keiner seiner Prüfpunkte verlässlich; jedes Paket, das einen davon enthält, gilt als ungültig.
    .ask = Bitten Sie den Verantwortlichen und den Betreiber des Protokolls, die beiden Verläufe zu erklären, welcher echt ist und ob der Schlüssel des Protokolls kompromittiert ist.

code-register-supersedes_unknown =
    .meaning = Ein Folgepaket nennt ein früheres Paket, das nicht unter den Paketen ist, die Ihnen vorliegen.
    .why = Nur eine Warnung: Das frühere Paket wurde Ihnen vielleicht nur nicht geschickt, doch ohne es lässt sich die Kette dieses Antrags nicht prüfen.
    .ask = Bitten Sie den Verantwortlichen um das frühere Paket, das dieses ersetzt, damit die ganze Kette geprüft werden kann.

code-register-competing_packs =
    .meaning = Ein Antrag hat mehr als ein aktuelles Paket: keines ersetzt die anderen.
    .why = Nur eine Warnung, doch der Verantwortliche hat zwei aktuelle Darstellungen derselben Löschung gegeben, die Verschiedenes aussagen können.
    .ask = Fragen Sie den Verantwortlichen, welches Paket aktuell ist, und verlangen Sie ein Folgepaket, das das ersetzte Paket nennt.

code-register-overdue =
    .meaning = Ein für seinen Antrag noch aktuelles Paket sagt, etwas werde bis zu einem inzwischen vergangenen Zeitpunkt erledigt, und kein späteres Paket zeigt, dass es erledigt wurde.
    .why = Für sich nur eine Warnung, doch der Verantwortliche hat einen Schritt, die Bestätigung eines Unterauftragsverarbeiters oder das Ende eines Aufschubs bis zu diesem Zeitpunkt zugesagt, und nichts zeigt, dass die Zusage eingehalten wurde.
    .ask = Bitten Sie den Verantwortlichen um ein Folgepaket, das die Erledigung zeigt, oder um den Grund, warum der Punkt noch offen ist.

code-register-duplicate_file =
    .meaning = Zwei oder mehr der angegebenen Dateien haben genau dieselben Bytes: Sie sind ein einziges Paket.
    .why = Nur eine Warnung: Eine Kopie fügt keinen Nachweis hinzu, und sie doppelt zu zählen würde überschätzen, was eingegangen ist.
    .ask = Beim Verantwortlichen ist nichts zu erfragen; behalten Sie eine Kopie der Datei.

## Each finding's one-line message (die `message` des §13, auf Deutsch).
finding-findings-unlisted = { $count } weitere Feststellungen dieses Codes in den Zeilen dieses Members sind nicht aufgeführt (die ersten { $listed } sind es)
finding-schema-member = Member `{ $name }`: { $why }
finding-schema-not-time = Member `{ $name }`: { $text } ist kein RFC-3339-Zeitpunkt mit Zeitzonenversatz
finding-schema-expected-object = ein JSON-Objekt wurde erwartet
finding-json-malformed = kein wohlgeformtes JSON: { $why }
finding-jsonl-blank-line = eine JSONL-Zeile darf nicht leer sein und kein \r enthalten
finding-jsonl-not-object = ein JSONL-Datensatz muss ein JSON-Objekt sein
finding-why-missing = fehlt
finding-why-not-string = keine Zeichenkette
finding-why-empty = leer
finding-why-not-boolean = kein Wahrheitswert
finding-why-not-array = kein Array
finding-why-not-string-array = kein Array von Zeichenketten
finding-why-not-count = keine Anzahl (eine ganze Zahl 0..2^53-1 ohne Vorzeichen, Bruch oder Exponent)
finding-why-not-hashes = muss ein Array von base64-Hashes zu 32 Bytes sein
finding-why-not-object = kein Objekt
finding-why-not-base64 = kein striktes base64
finding-why-not-digests = muss ein Array von base64url-Hashes zu 32 Bytes sein
finding-why-never-exempt = der Schritt audit_log ist nie ausgenommen
finding-why-needs-exemption = braucht nicht leere `legal_basis` und `justification`
finding-why-not-member-name = keine Zeichenkette, die ein Member des Pakets nennt
finding-why-not-signature = kein striktes base64 von 64 Bytes
finding-why-header-first-only = der erste Datensatz, und nur er, ist der Kopf
finding-why-not-time = kein RFC-3339-Zeitpunkt mit Zeitzonenversatz
finding-why-not-one-of = { $value } ist keines von { $allowed }
finding-why-seq-not-index = ist { $seq }, der Index des Eintrags ist { $index }
finding-why-json-utf8 = ungültiges UTF-8 bei Byte { $offset }
finding-why-json-bom = Byte-Order-Mark bei Byte { $offset }
finding-why-json-syntax = Syntaxfehler bei Byte { $offset }
finding-why-json-end = unerwartetes Ende der Eingabe bei Byte { $offset }
finding-why-json-trailing = Zeichen nach dem Wert bei Byte { $offset }
finding-why-json-duplicate = doppelter Membername bei Byte { $offset }
finding-why-json-surrogate = Escape eines einzelnen Surrogats bei Byte { $offset }
finding-why-json-deep = Verschachtelung tiefer als 64 Ebenen bei Byte { $offset }
finding-why-json-large = ein Dokument von 4 GiB oder mehr bei Byte { $offset }
finding-why-note-control = die Notiz enthält ein Steuerzeichen außer dem Zeilenumbruch
finding-why-note-no-block = die Notiz hat keine Leerzeile vor einem Signaturblock
finding-why-note-no-signatures = die Notiz hat keine Signaturzeilen
finding-why-note-unterminated = der Signaturblock endet nicht mit einem Zeilenumbruch
finding-why-note-too-many = die Notiz hat mehr als { $max } Signaturzeilen
finding-why-note-not-signature-line = Signaturzeile { $line } beginnt nicht mit einem Geviertstrich und einem Leerzeichen
finding-why-note-key-name = Signaturzeile { $line } hat einen ungültigen Schlüsselnamen
finding-why-note-base64 = Signaturzeile { $line } ist kein striktes Base64
finding-why-note-short = Signaturzeile { $line } ist kürzer als ein Schlüsselhash und eine Signatur
finding-why-checkpoint-short = der Checkpoint hat weniger als drei Zeilen
finding-why-checkpoint-origin = der Ursprung des Checkpoints ist leer
finding-why-checkpoint-size = die Baumgröße des Checkpoints ist kein kanonisches dezimales u64
finding-why-checkpoint-root = der Wurzelhash des Checkpoints ist kein Base64 von 32 Bytes
finding-why-checkpoint-extension = der Checkpoint hat eine leere Erweiterungszeile
finding-why-checkpoint-key-unknown = keine seiner Zeilen stammt vom audit_log-Schlüssel des Logs
finding-why-checkpoint-signature = eine Signatur mit dem eigenen Schlüssel des Logs lässt sich nicht verifizieren
finding-why-cosignature-length = eine Kosignatur hat { $length } Bytes, diese { $got }
finding-why-cosignature-timestamp = der Zeitstempel { $timestamp } der Kosignatur liegt über 2^63-1
finding-why-cosignature-signature = die Kosignatur lässt sich nicht verifizieren
finding-why-merkle-index = Blattindex { $index } liegt außerhalb der Baumgröße { $tree_size }
finding-why-merkle-length = falsche Beweislänge: { $expected } Hashes erwartet, { $got } erhalten
finding-why-merkle-root = Wurzel weicht ab: erwartet { $expected }, berechnet { $got }
finding-why-merkle-root1 = erste Wurzel weicht ab: erwartet { $expected }, berechnet { $got }
finding-why-merkle-root2 = zweite Wurzel weicht ab: erwartet { $expected }, berechnet { $got }
finding-why-merkle-equal-sizes = Bäume gleicher Größe { $size } haben verschiedene Wurzeln { $root1 } und { $root2 }
finding-why-merkle-empty-first = Konsistenz ab einem leeren Baum (size1 = 0, size2 = { $size2 }) wird nicht akzeptiert
finding-why-merkle-size-order = size1 { $size1 } ist größer als size2 { $size2 }
finding-why-merkle-non-empty = Bäume gleicher Größe { $size } verlangen einen leeren Beweis, er hat { $got } Hashes
finding-why-merkle-beyond = die verlangte Baumgröße { $requested } übersteigt die { $available } verfügbaren Blätter
finding-why-envelope-not-object = der Umschlag ist kein JSON-Objekt
finding-why-missing-or-not-string = `{ $name }` fehlt oder ist keine Zeichenkette
finding-why-must-be = `{ $name }` muss { $expected } sein
finding-why-not-strict-base64 = `{ $name }` ist kein striktes Base64
finding-why-not-non-empty-array = `{ $name }` muss ein nicht leeres Array sein
finding-why-signature-not-object = eine Signatur ist kein Objekt
finding-why-not-base64-of-64 = `{ $name }` ist kein striktes Base64 von 64 Bytes
finding-why-payload-not-json = die Nutzlast ist kein wohlgeformtes JSON: { $why }
finding-why-statement-not-object = die Erklärung ist kein JSON-Objekt
finding-why-not-confirmed = `{ $name }` der Erklärung ist nicht confirmed
finding-why-not-rfc3339 = `{ $name }` ist kein RFC-3339-Zeitpunkt
finding-why-needs-count = braucht eine Anzahl `{ $name }`
finding-why-non-empty-set-of = muss eine nicht leere Menge aus { $names } sein
finding-why-null-or-shape = muss null oder { $shape } sein
finding-why-of-shape = muss { $shape } sein
finding-why-array-of-shape = muss ein Array von { $shape } sein
finding-why-files-entry-not-object = ein Eintrag von files muss ein Objekt sein
finding-why-path-not-string = `path` muss eine Zeichenkette sein
finding-why-listed-by-design = manifest.json und signature.sig dürfen nicht aufgeführt sein
finding-why-sha256-not-hex = `sha256` muss aus 64 kleingeschriebenen Hexadezimalziffern bestehen
finding-why-size-not-count = `size` muss eine Anzahl sein
finding-attestation-unreadable = { $why }
finding-archive-gzip-corrupt = der gzip-Strom ist beschädigt, abgeschnitten oder kein gzip
finding-archive-decompressed-too-large = der entpackte Strom überschreitet { $limit } Bytes
finding-archive-gzip-trailing = nach dem Ende des gzip-Members folgen weitere Bytes
finding-archive-too-many-headers = mehr als { $limit } tar-Header
finding-archive-tar-trailing = nach der Ende-des-Archivs-Markierung folgen Bytes ungleich null
finding-archive-member-too-large = ein Member gibt { $size } Bytes an, mehr als die Grenze von { $limit }
finding-archive-duplicate-path = zwei Member haben diesen Pfad
finding-archive-forbidden = in einem Paket nicht erlaubt: { $kind } (typeflag { $typeflag })
finding-kind-hard-link = ein harter Link
finding-kind-symlink = ein symbolischer Link
finding-kind-device = ein Gerät
finding-kind-sized-directory = ein Verzeichnis mit einer Größe
finding-kind-fifo = ein FIFO
finding-kind-contiguous = eine zusammenhängende Datei
finding-kind-pax = ein erweiterter pax-Header
finding-kind-long-name = ein GNU-Langnamen-Eintrag
finding-kind-sparse = eine GNU-Sparse-Datei
finding-kind-unknown = ein Eintrag unbekannten Typs
finding-path-after-nul = nach dem NUL, das ein Pfadfeld beendet, folgen Bytes
finding-tar-no-end-marker = das Archiv endet ohne seine Ende-des-Archivs-Markierung
finding-tar-lone-zero-block = ein einzelner Nullblock ist keine Ende-des-Archivs-Markierung
finding-tar-not-ustar = der Header ist weder ustar noch GNU
finding-tar-checksum-not-number = die Prüfsumme des Headers ist keine Zahl
finding-tar-checksum-wrong = die Prüfsumme des Headers ist falsch
finding-tar-size-not-number = das Größenfeld ist keine Zahl
finding-path-not-utf8 = der Pfad ist kein UTF-8
finding-path-empty = der Pfad ist leer
finding-path-too-long = der Pfad ist länger als 255 Bytes
finding-path-absolute = der Pfad ist absolut
finding-path-backslash = der Pfad enthält einen Backslash oder ein NUL
finding-path-dot-segment = der Pfad hat ein leeres, '.'- oder '..'-Segment
finding-archive-missing-member = das erforderliche Member { $name } fehlt
finding-manifest-all-clear-false = all_clear ist true, aber die Löschung ist nicht vollständig
finding-manifest-all-clear-understated = all_clear ist false, aber nichts Unvollständiges wurde gefunden
finding-manifest-unsupported-format = `format` muss { $format } sein
finding-manifest-listed-twice = { $path } ist mehr als einmal aufgeführt
finding-manifest-file-missing = { $path } ist aufgeführt, aber nicht im Archiv
finding-manifest-size-mismatch = die Größe ist { $size } Bytes, das Manifest sagt { $listed }
finding-manifest-hash-mismatch = SHA-256 ist { $actual }, das Manifest sagt { $listed }
finding-manifest-unlisted = das Member ist nicht unter den Dateien des Manifests aufgeführt
finding-manifest-field-mismatch = { $name } ist { $manifest } im Manifest, aber { $request } in request.json
finding-attestation-empty = die Erklärung ist kein UTF-8-Text mit mindestens einem sichtbaren Zeichen
finding-time-out-of-order = { $later } ({ $later_time }) liegt vor { $earlier } ({ $earlier_time })
finding-signature-key-id-mismatch = signature.sig nennt den Schlüssel { $key }, das Manifest { $manifest_key }
finding-signature-invalid = die Signatur über manifest.json lässt sich mit dem Schlüssel des Vertrauensspeichers nicht prüfen
finding-trust-not-configured = kein Vertrauensspeicher angegeben: dem Unterzeichner kann nicht vertraut werden
finding-trust-key-unknown = der Schlüssel { $key } ist nicht im Vertrauensspeicher
finding-trust-role-missing = dem Schlüssel { $key } fehlt die Rolle dpo
finding-trust-signer-mismatch = der Schlüssel gehört { $owner }, nicht dem Unterzeichner
finding-trust-key-not-valid = der Schlüssel { $key } ist zu signed_at { $signed } nicht gültig
finding-trust-key-revoked = der Schlüssel { $key } wurde am { $revoked } widerrufen, vor der Signatur
finding-trust-key-revoked-later = der Schlüssel { $key } wurde am { $revoked } widerrufen, nach dem angegebenen signed_at (das eigene Wort des Unterzeichners)
finding-trust-key-revoked-before-seal = der Schlüssel { $key } wurde am { $revoked } widerrufen; das Siegel belegt die Signatur erst zum { $sealed }, nicht früher
finding-sod-signer-is-runner = der Ingenieur, der die Kaskade ausgeführt hat, unterzeichnet auch den Nachweis
finding-request-not-pseudonymous = subject_id ist nicht `sub_` gefolgt von 64 kleingeschriebenen Hexziffern: der Nachweis kann die rohe Kennung enthalten
finding-sla-extension-malformed = die Verlängerung ist fehlerhaft und wird für die Frist nicht berücksichtigt
finding-sla-deadline-overstated = sla_deadline { $deadline } liegt nicht vor dem Ende der ersten Frist, { $first_period }
finding-sla-no-extension-allowed = { $basis } erlaubt keine Verlängerung; sie wird für die Frist nicht berücksichtigt
finding-sla-extension-out-of-time = die Verlängerung muss innerhalb der ersten Frist mitgeteilt werden und innerhalb der Gesamtfrist enden; sie wird nicht berücksichtigt
finding-sla-breached = abgeschlossen am { $completed }, zum oder nach dem wirksamen Fristende { $deadline }
finding-steps-residue-after-ok = Schritt { $step } ist ok mit after_count { $after }
finding-steps-silent-failure = Schritt { $step } ist fehlgeschlagen, ohne eine Ausnahme zu eröffnen
finding-steps-failed = Schritt { $step } ist fehlgeschlagen
finding-steps-pending = Schritt { $step } steht aus
finding-steps-pending-due = Schritt { $step } steht aus (fällig am { $due })
finding-steps-deferred = Schritt { $step } ist bis zum Ablauf einer TTL aufgeschoben
finding-steps-deferred-at = Schritt { $step } ist bis zum Ablauf einer TTL aufgeschoben (am { $expires })
finding-steps-exempt = Schritt { $step } ist auf einer dokumentierten Rechtsgrundlage ausgenommen
finding-steps-replication-not-drained = episodic: output.replication_lag_drained ist nicht true
finding-steps-vectors-not-purged = vectors: purge ist { $purge }; das Entfernen nur aus dem Serving-Index ist keine Löschung
finding-steps-lineage-missing = fine_tune: output.models führt die betroffenen Modellversionen nicht auf
finding-steps-model-entry-incomplete = fine_tune: einem Modelleintrag fehlt eine model_id, eine bekannte Aktion oder was seine Aktion verlangt
finding-steps-model-suppressed = fine_tune: ein Modell ist nur unterdrückt, eine vorläufige Maßnahme
finding-steps-wrong-seq = Schritt { $step } muss seq { $seq } haben
finding-steps-not-ascending = die Datensätze sind nicht nach aufsteigendem seq geordnet
finding-steps-twice = Schritt { $step } kommt zweimal vor
finding-purge-absent = fehlt
finding-steps-backup-not-object = eine Sicherung muss ein JSON-Objekt sein
finding-steps-missing = kein Datensatz für den erforderlichen Schritt { $step }
finding-steps-backup-live = Schritt { $step }: Sicherung { $name } ist in Gebrauch: die Daten liegen noch in einer genutzten Kopie
finding-steps-backup-unsuppressed = Schritt { $step }: Sicherung { $name } ist außer Gebrauch, aber eine Wiederherstellung würde die Löschung nicht erneut anwenden
finding-probes-residue =
    die Probe { $name } hat { $count ->
        [one] { $count } Datensatz gefunden, der gelöscht sein sollte
       *[other] { $count } Datensätze gefunden, die gelöscht sein sollten
    }
finding-probes-unredacted-pii =
    die Probe des Audit-Logs hat { $count ->
        [one] { $count } ungeschwärztes personenbezogenes Feld
       *[other] { $count } ungeschwärzte personenbezogene Felder
    } gefunden
finding-probes-all-clear-inconsistent = all_clear ist { $claim }, aber die Zählungen der Proben sagen { $clear }
finding-probes-missing = keine Probe für { $name }
finding-probes-audit-mismatch = die Probe meldet { $claimed } ungeschwärzte personenbezogene Felder, der Audit-Nachweis zeigt { $computed }
finding-probes-same-code-path = die Proben haben den eigenen Code der Kaskade ausgeführt ({ $code_ref }, wie Schritt { $step })
finding-receipts-confirmed-before-requested = confirmed_at liegt vor requested_at
finding-receipts-unattested = die Löschung bei { $who } beruht nur auf dem Wort des Verantwortlichen: keine Quittung trägt die geprüfte Signatur des Auftragsverarbeiters
finding-receipts-missing = keine Quittung für den Auftragsverarbeiter { $name }
finding-receipts-unlisted = { $name } ist nicht unter den Auftragsverarbeitern des Manifests
finding-receipts-not-api = die Quittung für { $who } kam per { $channel }, nicht per API
finding-receipts-no-ticket = die Quittung für { $who } hat keine Ticket-ID
finding-receipts-pending = die Löschung bei { $who } steht aus
finding-receipts-pending-due = die Löschung bei { $who } steht aus (fällig am { $due })
finding-receipts-failed = die Löschung bei { $who } ist fehlgeschlagen
finding-audit-pii-disclosed =
    Eintrag { $index } legt noch { $count ->
        [one] { $count } personenbezogenes Feld
       *[other] { $count } personenbezogene Felder
    } offen
finding-audit-origin-mismatch = der Checkpoint-Ursprung { $origin } ist nicht log_origin
finding-audit-checkpoint-key-unknown = keine Signatur mit dem audit_log-Schlüssel des Vertrauensspeichers für das Log { $origin }
finding-audit-checkpoint-signature-invalid = eine Signatur mit dem eigenen Schlüssel des Logs lässt sich nicht prüfen
finding-audit-disclosure-not-base64 = eine Offenlegung ist kein striktes base64url
finding-audit-disclosure-shape = eine Offenlegung muss [salt, field_name, value] sein
finding-audit-disclosure-unmatched = der Hash der Offenlegung von { $field } steht nicht im _sd des Blatts
finding-audit-redaction-no-entry = die Schwärzung nennt den Index { $index }, der kein Eintrag des Nachweises ist
finding-audit-redaction-still-there = das Feld { $field } von Eintrag { $index } ist als geschwärzt vermerkt, ist aber noch vorhanden
finding-audit-consistency-failed = der Vorher-Baum ist nicht als Präfix des Nachher-Baums bewiesen: { $why }
finding-audit-inclusion-failed = das Blatt { $index } ist im Nachher-Baum nicht bewiesen: { $why }
finding-audit-checkpoint-malformed = kein signierter Checkpoint: { $why }
finding-audit-leaf-not-json = das Blatt ist kein wohlgeformtes JSON: { $why }
finding-audit-disclosure-not-json = die Offenlegung ist kein wohlgeformtes JSON: { $why }
finding-audit-step-not-logged = Schritt { $step } ({ $status }) steht nicht im Audit-Log
finding-audit-request-not-logged = kein { $event }-Eintrag für { $request } im Audit-Log
finding-cosignature-invalid = die Kosignatur des Zeugen { $witness }: { $why }
finding-cosigned-before-signing = der Zeuge { $witness } hat am { $at } kosigniert, vor dem signed_at des Manifests
finding-cosigned-after-signing = der Zeuge { $witness } hat am { $at } kosigniert, nach dem signed_at des Manifests
finding-witness-quorum-not-met =
    { $counted ->
        [one] { $counted } Zeuge zählt
       *[other] { $counted } Zeugen zählen
    } auf checkpoint_after; die Richtlinie verlangt { $quorum }
finding-attestation-no-member = `attestation` nennt { $path }, das kein Member des Pakets ist
finding-attestation-too-large = eine Bestätigung von { $size } Bytes (dieser Prüfer liest höchstens { $limit })
finding-attestation-differs = die signierte Aussage weicht von der Quittung ab in { $fields }
finding-attestation-signature-fails = die Signatur von { $keys } lässt sich nicht prüfen
finding-attestation-unverified = keine Signatur stammt von einem Auftragsverarbeiter-Schlüssel von { $name } im Vertrauensspeicher, gültig am { $at }
finding-witnessed-after-deadline =
    laut Uhr des Verantwortlichen rechtzeitig abgeschlossen, aber { $k ->
        [one] { $k } Zeuge hatte
       *[other] { $k } Zeugen hatten
    } das Log der Kaskade erst zum { $seen } gesehen, zum oder nach dem wirksamen Fristende { $deadline }
finding-unwitnessed-late = die Richtlinie verlangt eine bezeugte Zeit vor dem wirksamen Fristende { $deadline }; die bezeugte Zeit liegt nicht davor
finding-unwitnessed-too-few = die Richtlinie verlangt eine bezeugte Zeit vor dem wirksamen Fristende { $deadline }; weniger als { $k } Zeuge(n) zählen auf checkpoint_after
finding-provenance-header-first = der erste Datensatz muss der Kopf sein
finding-provenance-missing = Ableitungen wurden angefordert, aber das Paket hat keinen Herkunftsgraphen
finding-provenance-unverifiable = der umgekehrte Index ist nicht verfügbar: die Löschung der Ableitungen kann nicht belegt werden
finding-provenance-obligation-open = eine Verpflichtung ist offen: eine abgeleitete Kopie wartet noch auf ihre Löschung
finding-provenance-scope-not-registered = der Bereich { $scope } hat keinen Bereichsdatensatz
finding-provenance-scopes-omitted = der Grabstein { $node } lässt die Bereiche seiner Ableitungen aus: { $scopes }
finding-provenance-scopes-omitted-more = der Grabstein { $node } lässt die Bereiche seiner Ableitungen aus: { $scopes } und { $more } weitere
finding-provenance-scopes-too-far = der Grabstein { $node } lässt die Bereiche seiner Ableitungen aus: (nicht genannt: zu weit zu durchlaufen)
finding-provenance-live = { $node } ist aus gelöschten Daten abgeleitet und noch aktiv
finding-provenance-deferred = { $node } ist aus gelöschten Daten abgeleitet und läuft erst später ab
finding-provenance-undeclared-deferral = keine aufgeschobene Verpflichtung deckt { $node } bis zu seinem Ablauf ab
finding-signature-no-seal = die Richtlinie verlangt eine versiegelte Signatur; signature.sig hat kein Siegel
finding-signature-no-sealed-time = die Richtlinie verlangt eine versiegelte Signatur; das Siegel gibt keine versiegelte Zeit
finding-seal-not-checkpoint = der Checkpoint des Siegels ist kein signierter Checkpoint: { $why }
finding-seal-other-log = der Checkpoint des Siegels gehört zum Log { $origin }, nicht zum log_origin des Pakets
finding-seal-checkpoint-fails = der Checkpoint des Siegels: { $why }
finding-seal-not-consistent = checkpoint_after ist nicht als Präfix des Checkpoints des Siegels bewiesen: { $why }
finding-seal-not-included = das Blatt ist am Index { $index } des Checkpoints des Siegels nicht bewiesen: { $why }
finding-seal-leaf-differs = { $name } des Blatts ist { $in_leaf }; das dieses Pakets ist { $in_pack }
finding-register-duplicate-file = { $count } Dateien haben dieselben Bytes wie { $file }: ein Paket
finding-register-supersedes-unknown = { $file } ersetzt { $sha256 }, das nicht in der Menge ist
finding-register-supersedes-mismatch = { $file } ersetzt { $earlier }, das sich in { $fields } unterscheidet: die Verknüpfung ist nichtig
finding-register-superseded-twice = { $count } Pakete ersetzen { $file }: jede solche Verknüpfung ist nichtig
finding-register-fork-roots = das Log { $origin } zeigt zwei Wurzeln bei Baumgröße { $size }: sein Schlüssel hat zwei Verläufe signiert
finding-register-fork-leaves = das Log { $origin } zeigt zwei Blätter bei Index { $index }: sein Schlüssel hat zwei Verläufe signiert
finding-register-competing-packs = Anfrage { $request } hat { $count } Pakete, die kein Paket ersetzt
finding-register-overdue = { $kind } { $what } war am { $due } fällig, vor as_of

## `proofpack register`: die Tabelle der Anträge, die Feststellungen, die Pakete.

register-title = Register von { $packs } Paketen in { $requests } Anträgen, Stand { $as_of }
register-status = Status: { $status }  (Exit { $exit })
register-requests = Anträge:
register-col-tenant = Mandant
register-col-request = Antrag
register-col-status = Status
register-col-head = aktuelles Paket
register-col-open = offene Punkte
register-col-file = Datei
register-col-verdict = Urteil
register-col-superseded-by = ersetzt durch
register-overdue = ÜBERFÄLLIG
register-due = fällig { $due }
register-no-due = ohne Fälligkeit
register-no-open-items = keine
register-findings = Feststellungen des Registers:
register-no-findings = Keine Feststellungen des Registers.
register-packs = Pakete:
register-duplicates = dieselben Bytes wie
register-unread = Nicht lesbare Dateien:
register-manifest-unread = (Manifest nicht lesbar)
register-empty = Keine Pakete.
open-item-step = Schritt
open-item-receipt = Bestätigung
open-item-obligation = Verpflichtung
open-item-artifact = Artefakt
open-item-deadline = Frist

## `proofpack diff ALT NEU`.

diff-old = alt
diff-new = neu
diff-supersedes = NEU ersetzt ALT: { $holds }
diff-supersedes-void = NEU nennt ALT, doch die Verknüpfung ist nichtig: { $misfits }
diff-supersedes-not = NEU nennt ALT nicht in supersedes.
diff-tiers = Geänderte Ebenen:
diff-receipts = Geänderte Bestätigungen:
diff-closed = Geschlossene offene Punkte:
diff-opened = Neue offene Punkte:
diff-members-added = Hinzugefügte Mitglieder:
diff-members-removed = Entfernte Mitglieder:
diff-members-changed = Geänderte Mitglieder:
diff-findings-added = Hinzugekommene Feststellungscodes:
diff-findings-removed = Entfallene Feststellungscodes:
diff-none = (keine)

## Die Seite des Prüferportals.

portal-title = ProofPack-Prüferportal
portal-intro = Die Löschnachweis-Pakete der Mandanten, die Ihr Token lesen darf, mit dem Urteil des Prüfprogramms. Ihr Token bleibt im Speicher dieser Seite: Es wird nur an diesen Server gesendet und beim Schließen der Seite vergessen.
portal-token = Zugangstoken
portal-show = Meine Pakete anzeigen
portal-forget = Token vergessen
portal-languages = Sprache
portal-col-tenant = Mandant
portal-col-pack = Paket
portal-col-request = Antrag
portal-col-verdict = Urteil
portal-col-signed-at = Signiert am
portal-col-file = Datei
portal-col-sha256 = SHA-256
portal-col-download = Herunterladen
portal-previous = Zurück
portal-next = Weiter
portal-refused = Das Token wurde abgelehnt (unbekannt, abgelaufen oder widerrufen).
portal-retry = Dieses Paket wird noch geprüft: Versuchen Sie es in { $seconds } s erneut.
portal-server-status = Der Server antwortete mit { $status }.
portal-loading = Wird geladen …
portal-verifying = wird geprüft …
portal-download-pack = Paket
portal-download-html = Bericht (HTML)
portal-download-json = Bericht (JSON)
portal-page = Seite { $page } von { $pages }
portal-total = { $total } Paket(e).
portal-forgotten = Token vergessen.
portal-register-title = Register
portal-register-intro = Die Pakete eines Mandanten gemeinsam geprüft (Abschnitt 19 der Spezifikation): jeder Antrag mit seinem Status, seinem aktuellen Paket und dem, was noch offen ist, und was die Pakete erst zusammen zeigen. Jedes Paket wird erneut geprüft; das kann eine Weile dauern.
portal-register-tenant = Mandant
portal-register-as-of = Stichtag
portal-register-as-of-hint = Der Zeitpunkt, zu dem offene Punkte beurteilt werden: eine RFC-3339-Zeit mit Zeitzonenversatz, etwa 2026-12-01T00:00:00Z. Leer lassen, um sie zum aktuellen Zeitpunkt zu beurteilen.
portal-register-show = Register anzeigen
portal-register-loading = Die Pakete des Mandanten werden gemeinsam geprüft …
portal-register-retry = Einige Pakete dieses Mandanten werden noch geprüft: Versuchen Sie es in { $seconds } s erneut.
portal-register-bad-as-of = Der Stichtag ist keine RFC-3339-Zeit mit Zeitzonenversatz wie 2026-12-01T00:00:00Z.
portal-register-summary = Pakete: { $packs }, Anträge: { $requests }, Stand { $as_of }.
portal-register-empty = Dieser Mandant hat keine Pakete, Stand { $as_of }.
portal-register-requests = Anträge
portal-register-col-request = Antrag
portal-register-col-status = Status
portal-register-col-head = Aktuelles Paket
portal-register-col-open = Offene Punkte
portal-register-manifest-unread = (Manifest nicht lesbar)
portal-register-no-open-items = keine
portal-register-due = fällig { $due }
portal-register-no-due = ohne Fälligkeit
portal-register-overdue = ÜBERFÄLLIG
portal-register-findings = Feststellungen des Registers
portal-register-no-findings = Keine Feststellungen des Registers.
portal-register-col-code = Code
portal-register-col-effect = Wirkung
portal-register-col-meaning = Bedeutung
portal-register-col-detail = Einzelheit (auf Englisch)
portal-register-col-packs = Pakete

## Die eigenen Texte der Desktop-App (src-tauri, ui/).

ui-language = Sprache
ui-modes = Modus
ui-mode-verify = Prüfen
ui-mode-author = Erstellen
ui-offline = Offline: nichts verlässt diesen Rechner.
ui-side = Pakete und Vertrauensspeicher
ui-packs = Pakete
ui-open-packs = Pakete öffnen …
ui-pack-path = Pfad des Pakets
ui-open = Öffnen
ui-drop-hint = Oder ziehen Sie { $code }-Pakete auf das Fenster.
ui-opened-packs = Geöffnete Pakete
ui-trust-store = Vertrauensspeicher
ui-choose-trust = Vertrauensspeicher wählen …
ui-trust-path = Pfad des Vertrauensspeichers
ui-use = Verwenden
ui-forget-trust = Gespeicherten Vertrauensspeicher vergessen
ui-forget-page-trust = Diesen Vertrauensspeicher nicht mehr verwenden
ui-verifying-path = { $path } wird geprüft …
ui-cancel = Abbrechen
ui-empty = Öffnen Sie ein Nachweispaket, um es zu prüfen. Wählen Sie den Vertrauensspeicher mit den Schlüsseln des DSB und des Audit-Protokolls, den Sie erhalten haben: Ohne ihn ist ein Paket bestenfalls { $untrusted }.
ui-empty-untrusted = nicht vertrauenswürdig
ui-unverified-note = Das Paket ist ungültig: Die Bereiche zeigen die eigenen Angaben des Pakets, keine geprüften Tatsachen.
ui-panels = Bereiche des Berichts
ui-tab-findings = Befunde
ui-tab-tiers = Stufen
ui-tab-sla = Fristen
ui-tab-receipts = Bestätigungen
ui-tab-audit = Audit-Protokoll
ui-tab-provenance = Herkunft
ui-tab-contents = Inhalt
ui-tab-trust = Vertrauen
ui-export = Bericht exportieren
ui-export-to = Exportieren nach
ui-replace = Vorhandene Datei ersetzen
ui-save-json = Als JSON speichern
ui-save-html = Als HTML speichern
ui-save-as = Speichern unter …
ui-author-heading = Ein Paket erstellen und signieren
ui-author-hint = ProofPack prüft die Nachweise genau wie { $code } und verweigert die Signatur eines Pakets, das der Prüfung nicht standhält.
ui-evidence-folder = Ordner der Nachweise
ui-browse = Durchsuchen …
ui-load = Laden
ui-dpo-key = Privater Schlüssel des DSB (PKCS#8 PEM)
ui-recipients-trust = Vertrauensspeicher der Empfänger
ui-accept-incomplete = Unvollständig oder verspätet akzeptieren: einen ehrlichen Nachweis offener Pflichten signieren ({ $flag })
ui-accept-uncorroborated = Unbestätigt akzeptieren: signieren, obwohl das Zeugenquorum oder die signierten Bestätigungen, die der Vertrauensspeicher verlangt, nicht erreicht sind; das Paket vermerkt es ({ $flag })
ui-attestation-field = Bestätigung des DSB ({ $file }; wird beim Signieren im Ordner gespeichert)
ui-check = Vor dem Signieren prüfen
ui-sign-save = Signieren und speichern
ui-save-pack-to = Signiertes Paket speichern unter
ui-entry-heading = Eintrag im Vertrauensspeicher für die Empfänger
ui-entry-hint = Geben Sie diesen Eintrag allen, die Ihre Pakete prüfen: Er ist die öffentliche Hälfte Ihres Schlüssels, als { $role }-Schlüssel des Unterzeichners.
ui-copy-entry = Eintrag kopieren

ui-next-trust-remembered = Pakete, die Sie als Nächstes öffnen, werden mit dem gespeicherten Vertrauensspeicher geprüft:
ui-next-trust-command-line = Pakete, die Sie als Nächstes öffnen, werden mit dem Vertrauensspeicher der Befehlszeile geprüft (nur in dieser Sitzung):
ui-next-trust-none = Kein Vertrauensspeicher: Hier geöffnete Pakete sind bestenfalls nicht vertrauenswürdig.
ui-next-trust-page = Pakete, die Sie als Nächstes öffnen, werden mit dem in dieser Seite gewählten Vertrauensspeicher geprüft (nicht gespeichert: wählen Sie ihn nach dem Neuladen der Seite erneut):
ui-trust-keys = { $keys } Schlüssel · geändert { $modified }
ui-trust-sha256 = sha256 { $sha256 }
ui-pack-trust = Vertrauensspeicher { $file }
ui-pack-no-trust = kein Vertrauensspeicher
ui-close = Schließen
ui-close-pack = { $path } schließen
ui-badge-error = Fehler

ui-error-read = { $path } kann nicht gelesen werden: { $message }
ui-error-trust-store = Der Vertrauensspeicher { $path } ist nicht verwendbar: { $message }
ui-error-cancelled = Die Prüfung wurde abgebrochen.
ui-error-exists = { $path } ist vorhanden. Wählen Sie „{ $replace }“, um die Datei zu ersetzen; es wurde nichts geschrieben.
ui-error-write = { $path } kann nicht geschrieben werden: { $message }
ui-error-internal = Interner Fehler des Prüfprogramms (es wird kein Urteil gefällt): { $message }
ui-error-unknown-report = Dieser Bericht wird nicht mehr aufbewahrt (nur die neuesten): Öffnen Sie das Paket erneut, um ihn zu exportieren.

ui-verdict-exit = { $verdict } (Exit-Status { $exit })
ui-which-trust = { $path } · Vertrauensspeicher { $trust }
ui-which-no-trust = { $path } · kein Vertrauensspeicher
ui-none = Keine.
ui-yes = ja
ui-no = nein

ui-pack-heading = Das Paket
ui-pack-pack = Paket
ui-pack-request = Antrag
ui-pack-tenant = Mandant
ui-pack-legal-basis = Rechtsgrundlage
ui-pack-cascade-runner = Kaskade ausgeführt von
ui-pack-signed-by = Signiert von
ui-pack-signed-by-value = { $signer } am { $at }
ui-pack-signing-key = Signaturschlüssel
ui-pack-signing-key-value = { $key_id } · { $fingerprint }
ui-pack-key-not-trusted = nicht im Vertrauensspeicher
ui-pack-signature = Signatur
ui-pack-signature-verified = mit dem Schlüssel des Vertrauensspeichers geprüft
ui-pack-signature-not-verified = NICHT geprüft
ui-pack-all-clear-value = angegeben { $claimed }; nachgerechnet { $recomputed }
ui-passed = Bestandene Prüfungen ({ $count })
ui-findings = Befunde ({ $count })
ui-finding-at = in { $location }
ui-finding-meaning = Was es bedeutet
ui-finding-why = Warum es wichtig ist
ui-finding-ask = Was Sie erfragen sollten
ui-finding-fix = Was zu beheben ist

ui-tiers-heading = Stufen der Kaskade
ui-tiers-tier = Stufe
ui-tiers-requested = Angefordert
ui-tiers-status = Status
ui-tiers-counts = Vorher → nachher
ui-tiers-residue = Rest
ui-tiers-evidence = Nachweise
ui-backups = Sicherungen ({ $count })
ui-backups-none = Kein Schritt gibt eine Sicherung seiner Stufe an.
ui-backups-backup = Sicherung
ui-backups-state = Zustand
ui-backups-kept-until = Aufbewahrt bis
ui-backups-restore = Eine Wiederherstellung
ui-backups-restore-suppressed = wendet die Löschung erneut an
ui-backups-restore-unsuppressed = würde die Daten zurückbringen

ui-sla-heading = Fristen
ui-sla-picture = SLA-Zeitleiste: Eingang, Fristen, Abschluss, bezeugte Zeit, Spielraum
ui-sla-rule = Regel: { $rule }
ui-sla-received = Eingegangen
ui-sla-base = Ende der ersten Frist
ui-sla-max = Ende der verlängerten Frist
ui-sla-statutory = Gesetzliche Frist
ui-sla-extended = { $deadline } (verlängert)
ui-sla-declared = Angegebene Frist
ui-sla-effective = Maßgebliche Frist
ui-sla-completed = Abgeschlossen
ui-sla-margin = Spielraum
ui-sla-witnessed = Bezeugte Zeit
ui-sla-witnessed-before = Die Zeugen hatten das Protokoll der Kaskade vor der maßgeblichen Frist gesehen: andere Uhren als die des Verantwortlichen bestätigen den Abschluss.
ui-sla-witnessed-after = Die Zeugen haben das Protokoll der Kaskade erst zur maßgeblichen Frist oder danach gesehen: kein Zeuge bestätigt einen Abschluss davor, was auch immer die Uhr des Verantwortlichen sagt.
ui-sla-witnessed-none = Ohne bezeugte Zeit ist der Zeitpunkt, zu dem die Kaskade abgeschlossen wurde, allein das Wort des Verantwortlichen: keine Uhr eines Zeugen bestätigt ihn.
ui-sla-witnessed-no-deadline = Es gibt keine maßgebliche Frist, mit der die bezeugte Zeit verglichen werden kann.

ui-pages = Seiten
ui-previous = ‹ Zurück
ui-next = Weiter ›
ui-page = Seite { $page } von { $pages } ({ $total } Zeilen)

ui-receipts-heading = Bestätigungen der Unterauftragsverarbeiter ({ $count })
ui-receipts-statuses = Status
ui-receipts-channels = Kanäle
ui-receipts-all-statuses = alle Status
ui-receipts-all-channels = alle Kanäle
ui-receipts-no-value = (keiner)
ui-receipts-line = Zeile
ui-receipts-subprocessor = Unterauftragsverarbeiter
ui-receipts-channel = Kanal
ui-receipts-status = Status
ui-receipts-when = Bestätigt / fällig
ui-receipts-ticket = Ticket
ui-receipts-erased = Beim Unterauftragsverarbeiter gelöscht
ui-receipts-signature = Signatur des Unterauftragsverarbeiters
ui-receipts-due = fällig { $at }
ui-receipts-was-erased = gelöscht
ui-receipts-not-erased = nicht gelöscht

ui-audit-heading = Zeuge des Audit-Protokolls
ui-audit-origin = Protokoll (Herkunft der Checkpoints)
ui-audit-tree-size = Baumgröße
ui-audit-checkpoints = Checkpoints
ui-audit-checkpoints-verified = mit dem Schlüssel des Protokolls geprüft
ui-audit-not-verified = NICHT geprüft
ui-audit-consistency = Konsistenz
ui-audit-proved = bewiesen
ui-audit-not-proved = NICHT bewiesen
ui-audit-entries-proved = Bewiesene Einträge
ui-audit-entries-proved-value = { $proved } von { $entries }
ui-audit-disclosures = Offenlegungen
ui-audit-pii = Offengelegte personenbezogene Felder
ui-audit-redactions = Schwärzungsvermerke
ui-witnesses-heading = Zeugen
ui-witnesses-quorum = Eigenständige Zeugen, die für den späteren Checkpoint zählen: { $counted }; die Richtlinie des Vertrauensspeichers verlangt { $quorum } ({ $met }).
ui-witnesses-met = erfüllt
ui-witnesses-not-met = nicht erfüllt
ui-witnesses-none = Kein Checkpoint trägt eine Gegensignatur eines Zeugen aus dem Vertrauensspeicher.
ui-witnesses-checkpoint = Checkpoint
ui-witnesses-witness = Zeuge
ui-witnesses-operator = Betreiber
ui-witnesses-at = Gegensigniert am
ui-witnesses-counts = Zählt
ui-witnesses-after = später
ui-witnesses-before = früher
ui-witnesses-counted = zählt
ui-witnesses-not-counted = zählt nicht: { $why }
ui-witnesses-seal = Siegel

ui-provenance-heading = Herkunftsgraph
ui-provenance-none = Das Paket enthält keinen Herkunftsgraphen.
ui-provenance-picture = Herkunftsgraph: Grabsteine, abgeleitete Artefakte nach Zustand, offene Pflichten
ui-provenance-omitted = { $omitted } Einträge sind nicht gezeichnet; die Zahlen unten schließen sie ein.
ui-provenance-version = Version des Graphen
ui-provenance-reverse-index = Umgekehrter Index
ui-provenance-scopes = Geltungsbereiche
ui-provenance-tombstones = Grabsteine
ui-provenance-artifacts = Abgeleitete Artefakte
ui-provenance-artifacts-value = { $artifacts } ({ $reachable } von gelöschten Daten aus erreichbar: { $live } aktiv, { $expiring } auslaufend)
ui-provenance-obligations = Offene Pflichten
ui-artifacts-heading = Abgeleitete Artefakte ({ $count })
ui-artifacts-line = Zeile
ui-artifacts-scope = Bereich
ui-artifacts-key = Schlüssel
ui-artifacts-state = Zustand
ui-artifacts-expires = Läuft ab
ui-artifacts-sources = Abgeleitet von
ui-artifacts-reachable = Aus gelöschten Daten
ui-artifacts-filter-state = Zustände
ui-artifacts-all-states = alle Zustände
ui-artifacts-filter-reach = Erreichbarkeit
ui-artifacts-all-reach = alle Artefakte
ui-artifacts-reached = aus gelöschten Daten erreichbar
ui-artifacts-not-reached = nicht erreichbar
ui-artifacts-omitted = { $omitted } weitere Artefakte haben hier keine Zeile (der Bericht listet höchstens { $listed }); die Zahlen oben zählen sie mit.

ui-members = Bestandteile ({ $count })
ui-members-path = Pfad
ui-members-size = Größe
ui-members-sha256 = SHA-256
ui-members-listing = Im Manifest
ui-attestation = Bestätigung des DSB
ui-attestation-absent = (fehlt, oder kein UTF-8-Text)

ui-trust-heading = Verwendeter Vertrauensspeicher
ui-trust-none = Keiner: Für dieses Paket wurde kein Vertrauensspeicher verwendet, es ist daher bestenfalls nicht vertrauenswürdig.
ui-trust-path-label = Pfad
ui-trust-sha256-label = SHA-256
ui-trust-keys-label = Schlüssel
ui-trust-modified = Geändert
ui-trust-quorum = Zeugenquorum
ui-trust-quorum-value = Mindestzahl eigenständiger Zeugen, die das Audit-Protokoll gegensignieren müssen: { $quorum }
ui-trust-signed-receipts = Signierte Bestätigungen
ui-trust-signed-receipts-required = erforderlich: Die Löschung eines Unterauftragsverarbeiters braucht dessen eigene Signatur
ui-trust-signed-receipts-not-required = nicht erforderlich
ui-trust-witnessed-deadline = Bezeugte Frist
ui-trust-witnessed-deadline-required = verlangt: ein fristgerechter Abschluss braucht eine bezeugte Zeit vor der Frist
ui-trust-witnessed-deadline-not-required = nicht verlangt
ui-trust-sealed-signature = Versiegelte Signatur
ui-trust-sealed-signature-required = verlangt: die Signatur des Pakets muss von den Zeugen versiegelt sein
ui-trust-sealed-signature-not-required = nicht verlangt
ui-seal-heading = Siegel der Signatur
ui-seal-none = Die Signatur ist nicht versiegelt: wann sie geleistet wurde, ist allein das Wort des Unterzeichners.
ui-seal-meaning = Zur Siegelzeit hatten die Zeugen diese Signatur im Protokoll gesehen: sie bleibt gültig, auch wenn ihr Schlüssel später widerrufen wird.
ui-seal-holds = Siegel
ui-seal-holds-yes = gültig
ui-seal-holds-no = NICHT gültig
ui-seal-sealed-time = Siegelzeit
ui-seal-sealed-time-not-held = keine: das Siegel ist nicht gültig
ui-seal-sealed-time-too-few = keine: weniger als { $k } Zeuge(n) zählen für den Checkpoint des Siegels
ui-seal-checkpoint = Baumgröße des Checkpoints
ui-seal-entry = Index des Eintrags
ui-seal-witnesses-heading = Gegensignaturen des Siegel-Checkpoints
ui-seal-witnesses-none = Kein Zeuge aus dem Vertrauensspeicher hat den Checkpoint des Siegels gegensigniert.
ui-trust-key-id = Schlüsselkennung
ui-trust-owner = Inhaber
ui-trust-roles = Rollen
ui-trust-valid-from = Gültig ab
ui-trust-valid-to = Gültig bis
ui-trust-revoked = Widerrufen
ui-trust-fingerprint = Fingerabdruck
ui-trust-unbounded = unbegrenzt

ui-export-no-path = Geben Sie eine Datei für den Export an.
ui-export-saved = { $format } unter { $path } gespeichert.

ui-author-pack = Paket
ui-author-signer = Unterzeichner
ui-author-cascade-runner = Kaskade ausgeführt von
ui-author-key-id = Kennung des Signaturschlüssels
ui-author-subprocessors = Unterauftragsverarbeiter
ui-author-members = Bestandteile
ui-author-ready = würde als { $verdict } geprüft: bereit zum Signieren
ui-author-refused = würde als { $verdict } geprüft: abgelehnt
ui-author-no-out = Geben Sie eine Datei an, in der das Paket gespeichert wird.
ui-author-signed = { $path } signiert und gespeichert (sha256 { $sha256 }); es wird als { $verdict } geprüft.
ui-author-refused-nothing-written = Abgelehnt: Es wurde nichts geschrieben.

# Register-Modus (§19): viele Pakete gemeinsam geprüft.
ui-mode-register = Register
ui-register-heading = Register vieler Pakete
ui-register-hint = Jedes Paket wird einzeln mit dem Vertrauensspeicher geprüft, dann alle Pakete gemeinsam, wie es { $code } tut: welches Paket welches fortsetzt, konkurrierende Pakete, Gabelungen des Protokolls und offene Punkte, die zum gewählten Zeitpunkt überfällig sind.
ui-register-path = Ordner mit Paketen
ui-register-pick-packs = Pakete auswählen …
ui-register-as-of = Offene Punkte beurteilen zum (RFC 3339; leer: jetzt)
ui-register-run = Register erstellen
ui-register-no-path = Geben Sie einen Ordner mit Paketen an oder wählen Sie Pakete aus.
ui-register-trust = Jedes Paket wird mit dem Vertrauensspeicher { $path } geprüft.
ui-register-no-trust = Kein Vertrauensspeicher: Ein Register braucht einen. Wählen Sie ihn hier oder im Prüfmodus.
ui-register-listing = Pakete werden gesucht …
ui-register-progress = Paket { $done } von { $total } wird geprüft …
ui-register-cancelled = Das Register wurde abgebrochen.
ui-register-empty-status = kein Antrag
ui-register-counts = { $packs } Pakete in { $requests } Anträgen, offene Punkte beurteilt zum { $as_of }; Vertrauensspeicher { $trust }.
ui-register-requests = Anträge ({ $count })
ui-register-filter-status = Status
ui-register-all-statuses = alle Status
ui-register-filter-tenant = Mandanten
ui-register-all-tenants = alle Mandanten
ui-register-overdue-only = Nur Anträge mit überfälligen Punkten
ui-register-col-tenant = Mandant
ui-register-col-request = Antrag
ui-register-col-status = Status
ui-register-col-heads = Aktuelles Paket
ui-register-col-open = Offene Punkte
ui-register-col-due = Nächste Fälligkeit
ui-register-manifest-unread = (Manifest nicht lesbar)
ui-register-overdue = ÜBERFÄLLIG
ui-register-overdue-count = { $open } (davon { $overdue } überfällig)
ui-register-no-open = keine
ui-register-show-chain = Pakete des Antrags { $request } anzeigen
ui-register-chain-heading = Antrag { $request } des Mandanten { $tenant }
ui-register-chain-packs = Seine Pakete, jede Kette vom ältesten zum neuesten
ui-register-head = aktuell: nicht ersetzt
ui-register-superseded-by = ERSETZT durch { $file }
ui-register-duplicates = dieselben Bytes wie { $files }
ui-register-open-in-verify = Im Prüfmodus öffnen
ui-register-open-items = Offene Punkte seiner aktuellen Pakete ({ $count })
ui-register-item-kind = Art
ui-register-item-what = Was
ui-register-item-due = Fällig
ui-register-item-pack = Angegeben in
ui-register-no-due = ohne Fälligkeit
ui-register-findings-here = Feststellungen des Registers zu diesen Paketen: { $codes }
ui-register-findings = Feststellungen des Registers ({ $count })
ui-register-no-findings = Keine Feststellungen des Registers.
ui-register-filter-code = Codes
ui-register-all-codes = alle Codes
ui-register-finding-packs = Bei den Paketen
ui-register-unread = Nicht lesbare Dateien ({ $count })
ui-register-skipped = Einträge, die keine Pakete sind ({ $count })
ui-register-skip-not-pack = keine *.tar.gz-Datei
ui-register-skip-not-file = keine reguläre Datei
ui-register-skip-link = ein symbolischer Link (nicht verfolgt)
ui-register-export = Register exportieren
ui-register-close-chain = Pakete dieses Antrags schließen
ui-save-csv = Als CSV speichern
ui-error-no-trust = Ein Register braucht einen Vertrauensspeicher: Wählen Sie zuerst einen aus.
ui-register-request-pages = Seiten der Anträge
ui-register-finding-pages = Seiten der Feststellungen des Registers
ui-vsign-heading = Die Prüfung signieren
ui-vsign-hint = Signiert das oben Gezeigte, so wie es geprüft wurde, mit Ihrem Prüferschlüssel; der Eintrag dieses Schlüssels in Ihrem Schlüsselspeicher, mit der Rolle verifier, nennt Sie als Prüfer.
ui-verifier-key = Privater Prüferschlüssel (PKCS#8 PEM)
ui-verifier-keys = Speicher der Prüferschlüssel
ui-vsign-out = Die signierte Prüfung speichern unter
ui-vsign-sign = Prüfung signieren und speichern
ui-vsign-missing = Geben Sie den Prüferschlüssel, den Schlüsselspeicher und eine Zieldatei an.
ui-vsign-saved = { $path } gespeichert: { $verdict }, signiert von { $owner } (Schlüssel { $key_id }).
ui-vcheck-heading = Eine signierte Prüfung kontrollieren
ui-vcheck-hint = Oder ziehen Sie eine signierte Prüfung auf das Fenster.
ui-vcheck-file = Signierte Prüfung
ui-vcheck-compare = Mit dem gezeigten Paket vergleichen
ui-vcheck-check = Kontrollieren
ui-vcheck-missing = Geben Sie die signierte Prüfung und den Speicher der Prüferschlüssel an.
ui-vcheck-holds = { $path }: echt.
ui-vcheck-fails = { $path }: NICHT echt, oder nicht das gezeigte Paket.
ui-error-verifier-not-in-store = Kein Eintrag des Schlüsselspeichers enthält den öffentlichen Schlüssel dieses Schlüssels: Fügen Sie ihn mit der Rolle verifier hinzu.
ui-error-verifier-role-missing = Der Eintrag dieses Schlüssels im Speicher hat nicht die Rolle verifier.
ui-error-verifier-ambiguous = Mehrere verifier-Einträge des Speichers enthalten diesen Schlüssel: Behalten Sie einen.
ui-error-verifier-not-valid = Der Schlüssel ist zum Zeitpunkt dieser Prüfung nicht gültig (sein Zeitraum oder sein Widerruf).
ui-error-verifier-no-time = Der Bericht sagt nicht, wann das Paket geprüft wurde; er kann nicht signiert werden.
