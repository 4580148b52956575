# Les mots de ProofPack en français : une première version, qui attend la
# relecture de locuteurs natifs. Mêmes identifiants et mêmes paramètres que
# le fichier anglais (locales/en/proofpack.ftl), qui en donne les règles.
# Les codes de constat, les chaînes de la spécification (vocabulaire, noms
# de champs comme all_clear) et le JSON ne se traduisent jamais.

language-name = Français

## Verdicts et effets.

verdict-complete = complet
verdict-late = en retard
verdict-incomplete = incomplet
verdict-untrusted = non fiable
verdict-invalid = invalide

verdict-meaning-complete = Le dossier est authentique et de confiance, et montre un effacement complet, effectué dans les délais.
verdict-meaning-late = Le dossier est authentique et de confiance, et montre un effacement complet, mais effectué après l'échéance effective.
verdict-meaning-incomplete = Le dossier est authentique et de confiance, mais l'effacement qu'il montre n'est pas complet.
verdict-meaning-untrusted = Le dossier est intact, mais le signataire ou le témoin du journal d'audit n'est pas reconnu comme fiable pour cette déclaration.
verdict-meaning-invalid = Le dossier est mal formé, altéré ou contradictoire : on ne peut pas se fier à ce qu'il affirme.

effect-warning = avertissement
effect-late = en retard
effect-incomplete = incomplet
effect-untrusted = non fiable
effect-invalid = invalide

## Contrôles réussis.

passed-archive-read = l'archive a été lue jusqu'à sa fin, dans les limites
passed-manifest-files_hashed = chaque fichier listé par le manifeste est présent, avec son SHA-256 et sa taille
passed-signature-trusted = la signature a été vérifiée avec une clé reconnue pour le signataire à la date signed_at
passed-audit-checkpoints_verified = les deux points de contrôle ont été vérifiés avec la clé du journal, ainsi que la preuve de cohérence entre eux
passed-audit-entries_proved = l'inclusion de chaque entrée du journal d'audit dans l'arbre final est prouvée
passed-audit-witness_quorum_met = le quorum de témoins distincts exigé par la politique a cosigné checkpoint_after
passed-receipts-attested = l'effacement chez chaque sous-traitant listé est montré par sa propre attestation vérifiée
passed-sla-witnessed = les témoins avaient vu le journal de la cascade avant l'échéance effective
passed-signature-sealed = le sceau tient : les témoins avaient vu cette signature consignée à la date du sceau

## Mots communs aux deux rapports.

yes = oui
no = non

tier-exempt = exempté en vertu de { $basis } : { $justification }
tier-deferred = différé jusqu'au { $until }
tier-pending = en attente, échéance { $due }
tier-failed = échec : { $error } (exception { $exception })
tier-replication-drained = retard de réplication résorbé : { $drained }
tier-purge = purge : { $purge }
tier-models-none = modèles : aucun concerné
tier-model = modèle { $model } : { $action }
tier-model-incomplete = modèle { $model } : { $action } (entrée incomplète)

backup = sauvegarde { $location } : { $state }
backup-purged = purgée
backup-live = EN SERVICE : les données sont encore dans une copie en usage
backup-beyond-use = hors d'usage jusqu'au { $until }, { $restore }
backup-restore-suppressed = une restauration réapplique l'effacement
backup-restore-unsuppressed = une restauration ne réappliquerait PAS l'effacement

attestation-verified = signé par le sous-traitant, vérifié
attestation-unverified = signé, mais par aucune clé que le magasin de confiance détient pour lui
attestation-invalid = signature ou déclaration INVALIDE
attestation-mismatch = la déclaration signée DIFFÈRE de l'accusé
attestation-absent = non signé par le sous-traitant

not-counted-invalid = cosignature non valide
not-counted-after_signed_at = faite après la signature du dossier
not-counted-before_signed_at = faite avant la signature du dossier (un sceau ne peut consigner qu'une signature déjà faite)
not-counted-outside_key_window = faite en dehors de la période de validité de la clé du témoin
not-counted-log_or_dpo_key = la clé est aussi celle du journal ou du DPO
not-counted-same_witness = même témoin, déjà compté

quorum =
    { $counted ->
        [one] { $counted } témoin distinct compte
       *[other] { $counted } témoins distincts comptent
    } sur checkpoint_after ; la politique en exige { $quorum } ({ $met })
quorum-met = atteint
quorum-not-met = NON atteint

policy = quorum de témoins { $quorum }, accusés signés { $receipts }, échéance attestée par les témoins { $deadline ->
        [on] exigée
       *[off] non exigée
    }, signature scellée { $seal ->
        [on] exigée
       *[off] non exigée
    }
policy-required = exigés
policy-not-required = non exigés

cosignature-counts = compte

witnessed-at = { $at } (k = { $k })
witnessed-none = aucune : moins de { $k } témoin(s) comptent sur checkpoint_after
seal = point de contrôle de taille { $size }, entrée { $index } ; { $holds } ; { $sealed }
seal-holds = le sceau tient
seal-does-not-hold = le sceau NE tient PAS
seal-sealed-at = date du sceau { $at }
seal-no-sealed-time = pas de date de sceau
seal-witnesses = { $counted } témoin(s) distinct(s) comptent sur le point de contrôle du sceau ; la date du sceau en exige { $k }

margin = { $sign }{ $days } j { $hours } h { $minutes } min

## `proofpack ls`.

ls-listing-listed = listé
ls-listing-unlisted = non listé
ls-listing-not_listed_by_design = non listé par construction
ls-listing-unknown = inconnu

## Le rapport pour le terminal.

text-verdict = verdict : { $verdict }  (code de sortie { $status })
text-claims-unverified = NOTE : le dossier est invalide ; les tableaux ci-dessous montrent donc ce que le dossier affirme, et non des faits vérifiés.

text-pack = dossier :
text-pack-file = fichier
text-pack-sha256 = sha256
text-pack-pack_id = pack_id
text-pack-request_id = request_id
text-pack-tenant = locataire
text-pack-subject = personne
text-pack-legal-basis = base juridique
text-pack-received = reçue
text-pack-completed = achevée
text-pack-cascade-runner = cascade exécutée par
text-pack-signed-by = signé par
text-pack-signing-key = clé de signature
text-pack-signature = signature
text-pack-all_clear = all_clear
text-pack-probes = sondes
text-pack-subprocessors = sous-traitants
text-pack-supersedes = remplace
text-pack-size = { $sha256 }  ({ $size } octets)
text-pack-signed-at = { $signer }  le { $at }
text-pack-key = { $key_id }  { $fingerprint }  titulaire { $owner }
text-pack-key-not-trusted = (absente du magasin de confiance)
text-pack-signature-verified = vérifiée avec la clé du magasin de confiance
text-pack-signature-not-verified = NON vérifiée
text-pack-all-clear-value = déclaré { $claimed }, recalculé { $recomputed }
text-pack-probes-value = code { $code }  le { $at }
text-pack-supersedes-value = { $pack_id }  sha256 { $sha256 }

text-passed = contrôles réussis ({ $count }) :

text-no-findings = constats : aucun
text-findings = constats ({ $count }) :
text-finding-at = dans { $location }
text-means = signification :
text-why = enjeu :
text-ask = à demander :

text-tiers = niveaux :
text-tier-tier = niveau
text-tier-requested = demandé
text-tier-status = statut
text-tier-before = avant
text-tier-after = après
text-tier-residue = résidu

text-sla = délais :
text-sla-received = reçue
text-sla-base = fin du premier délai
text-sla-max = fin du délai maximal
text-sla-statutory = échéance légale
text-sla-declared = échéance déclarée
text-sla-effective = échéance effective
text-sla-completed = achevée
text-sla-margin = marge
text-sla-extended = (prolongée)
text-sla-witnessed = vue par les témoins

text-receipts = accusés ({ $count }) :
text-receipt-due = échéance { $at }
text-receipt-at = le { $at }
text-receipt-ticket = ticket
text-erased = effacé
text-not-erased = NON effacé

text-audit-witness = témoin d'audit :
text-audit = journal { $log }  arbre { $before } -> { $after }  points de contrôle { $checkpoints }  cohérence { $consistency }  entrées prouvées { $proved }/{ $entries }  données personnelles divulguées { $pii }
text-checkpoints-verified = vérifiés
text-checkpoints-not-verified = NON vérifiés
text-consistency-proved = prouvée
text-consistency-not-proved = NON prouvée
text-witnesses = témoins :
text-cosignature = { $witness } ({ $owner }) le { $time } : { $counts }
text-provenance = provenance :
text-provenance-graph = graphe { $version }  index { $index }  { $tombstones } marqueurs de suppression  { $artifacts } artefacts ({ $reachable } atteignables, { $live } actifs, { $expiring } en expiration)  { $obligations } obligations
text-provenance-absent = absente
text-seal = sceau :
text-seal-none = aucun : la signature n'est pas scellée

text-members = membres ({ $count }) :
text-listing-listed = listé
text-listing-unlisted = NON LISTÉ
text-listing-not_listed_by_design = déclaration signée
text-listing-unknown = inconnu

text-attestation = attestation :
text-attestation-absent = (absente, ou pas du texte UTF-8)

text-verified-with-trust = vérifié par { $verifier } le { $time }, magasin de confiance { $path } (sha256 { $sha256 }, { $keys } clés ; { $policy })
text-verified-without-trust = vérifié par { $verifier } le { $time }, sans magasin de confiance

## Le rapport HTML.

html-title = Rapport de dossier de preuve d'effacement : { $pack } — { $verdict }
html-heading = Rapport de dossier de preuve d'effacement
html-pack-line = dossier { $pack } · sha256 { $sha256 }
html-verdict = { $verdict } (code de sortie { $status })
html-claims-unverified = Le dossier est invalide : les tableaux ci-dessous montrent ce que le dossier affirme, et non des faits vérifiés.
html-none = Aucun.

html-pack = Le dossier
html-pack-pack = Dossier
html-pack-sha256 = SHA-256 du fichier
html-pack-request = Demande
html-pack-tenant = Locataire
html-pack-subject = Personne concernée (pseudonyme)
html-pack-legal-basis = Base juridique
html-pack-received = Reçue le
html-pack-completed = Achevée le
html-pack-cascade-runner = Cascade exécutée par
html-pack-signed-by = Signé par
html-pack-signing-key = Clé de signature
html-pack-signature = Signature
html-pack-all_clear = all_clear
html-pack-probes = Sondes indépendantes
html-pack-subprocessors = Sous-traitants
html-pack-supersedes = Remplace
html-pack-size = { $sha256 } ({ $size } octets)
html-pack-signed-at = { $signer } le { $at }
html-pack-key = { $key_id } · { $fingerprint } · titulaire { $owner }
html-pack-key-not-trusted = absente du magasin de confiance
html-pack-signature-verified = vérifiée avec la clé du magasin de confiance
html-pack-signature-not-verified = non vérifiée
html-pack-all-clear-value = déclaré { $claimed } ; recalculé par le vérificateur { $recomputed }
html-pack-probes-value = { $code } le { $at }
html-pack-supersedes-value = { $pack_id } · sha256 { $sha256 }

html-passed = Contrôles réussis ({ $count })
html-passed-check = Contrôle
html-passed-established = Ce qu'il a établi

html-findings = Constats ({ $count })
html-finding-at = dans { $location }
html-means = Ce que cela signifie
html-why = Pourquoi c'est important
html-ask = Ce qu'il faut demander

html-tiers = Niveaux de la cascade
html-tier-tier = Niveau
html-tier-requested = Demandé
html-tier-status = Statut
html-tier-before = Avant
html-tier-after = Après
html-tier-residue = Résidu
html-tier-evidence = Éléments de preuve

html-sla = Délais (SLA)
html-sla-received = Reçue le
html-sla-base = Fin du premier délai
html-sla-max = Fin du délai prolongé
html-sla-statutory = Échéance légale
html-sla-declared = Échéance déclarée
html-sla-effective = Échéance effective
html-sla-completed = Achevée le
html-sla-margin = Marge
html-sla-extended = (prolongée)
html-sla-witnessed = Vue par les témoins
html-no-timeline = Pas de frise chronologique : les dates n'ont pas pu être lues.
html-timeline-caption = La bande ombrée est la marge entre l'achèvement et l'échéance effective : verte si l'achèvement la précède, rouge s'il la suit.
# Which rule of §6 applied (the report's sla.rule in the reader's words).
sla-rule-months = { $count ->
    [one] 1 mois civil
   *[other] { $count } mois civils
}
sla-rule-days = { $count ->
    [one] 1 jour
   *[other] { $count } jours
}
sla-rule-base = { $basis } : { $period } à compter de la date locale de réception
sla-rule-extended = { $base }, prolongé à { $whole } au total
sla-rule-extensible = { $base } (prolongeable à { $whole } au total ; non prolongé)
sla-rule-no-extension = { $base } (aucune prolongation possible)
html-timeline-rule = Règle : { $rule }.
html-timeline-label = Frise des délais
html-timeline-witnessed = Le repère violet est la date vue par les témoins : les témoins avaient alors vu le journal de la cascade, quoi que dise l'horloge du responsable du traitement.
html-timeline-unwitnessed = Aucune date n'est vue par les témoins : moins de témoins que nécessaire ont cosigné le journal qui contient la cascade.
timeline-received = reçue
timeline-base = premier délai
timeline-max = délai prolongé
timeline-declared = déclarée
timeline-effective = échéance effective
timeline-completed = achevée
timeline-witnessed = vue par les témoins

html-receipts = Accusés des sous-traitants ({ $count })
html-receipt-line = Ligne
html-receipt-subprocessor = Sous-traitant
html-receipt-channel = Canal
html-receipt-status = Statut
html-receipt-when = Quand
html-receipt-ticket = Ticket
html-receipt-endpoint = Point d'accès
html-receipt-erased = Effacé
html-receipt-attestation = Signature du sous-traitant
html-receipt-due = échéance { $at }
html-erased = effacé
html-not-erased = non effacé

html-witness = Témoin du journal d'audit
html-witness-log = Journal
html-witness-tree = Taille de l'arbre
html-witness-checkpoints = Points de contrôle
html-witness-consistency = Cohérence
html-witness-entries = Entrées prouvées
html-witness-disclosures = Divulgations
html-witness-pii = Champs de données personnelles divulgués
html-witness-redactions = Enregistrements de caviardage
html-witness-witnesses = Témoins
html-witness-entries-value = { $proved } sur { $entries }
html-verified = vérifiés
html-not-verified = non vérifiés
html-proved = prouvée
html-not-proved = non prouvée
html-cosignature-checkpoint = Point de contrôle
html-cosignature-witness = Témoin
html-cosignature-operator = Opérateur
html-cosignature-time = Cosigné le
html-cosignature-counts = Compte
html-does-not-count = ne compte pas : { $why }

html-seal = Sceau de la signature
html-seal-none = La signature n'est pas scellée.
html-seal-checkpoint = Taille de l'arbre du point de contrôle
html-seal-entry = Indice de l'entrée
html-seal-holds = Sceau
html-seal-sealed-time = Date du sceau
html-seal-witnesses = Témoins

html-provenance = Graphe de provenance
html-no-provenance = Le dossier ne contient pas de graphe de provenance.
html-provenance-version = Version du graphe
html-provenance-index = Index inversé
html-provenance-scopes = Périmètres
html-provenance-tombstones = Marqueurs de suppression
html-provenance-derived = Artefacts dérivés
html-provenance-obligations = Obligations en cours
html-provenance-derived-value = { $artifacts } ({ $reachable } atteignables depuis les données effacées : { $live } actifs, { $expiring } en expiration)
html-graph-caption = Marqueurs de suppression (foncés) à gauche ; artefacts dérivés à leur droite : rouge actif, orange en expiration, gris supprimé, bleu caviardé ; les cadres en pointillé sont des obligations en cours.
html-graph-omitted = { $omitted } enregistrements ne sont pas dessinés ; les décomptes ci-dessous les incluent.
html-graph-label = Graphe de provenance
graph-tombstone = marqueur de suppression
graph-open-until = en cours jusqu'au { $until }

html-members = Membres ({ $count })
html-member-path = Chemin
html-member-size = Taille
html-member-sha256 = SHA-256
html-member-listing = Dans le manifeste
html-listing-listed = listé
html-listing-unlisted = NON listé
html-listing-not_listed_by_design = la déclaration signée
html-listing-unknown = inconnu

html-attestation = Attestation
html-attestation-absent = Absente, ou pas du texte UTF-8.

html-footer-verified = Vérifié par { $verifier } le { $time }
html-footer-input = · entrée { $input }
html-footer-trust = · magasin de confiance { $path } (sha256 { $sha256 }, { $keys } clés ; { $policy })
html-footer-no-trust = · sans magasin de confiance

## Les mots propres à la ligne de commande.

cli-batch = { $packs } dossiers : { $verdicts }
cli-batch-skipped = { $skipped } ignorés
cli-batch-error = erreur

ls-path = chemin
ls-size = taille
ls-sha256 = sha256
ls-listing = listage

## L'explication de chaque code de constat (spécification, §12), pour des
## lecteurs qui ne sont pas ingénieurs : ce qu'il signifie, pourquoi c'est
## important, ce qu'il faut demander au responsable du traitement.

code-archive-malformed =
    .meaning = Le fichier du dossier de preuve lui-même est endommagé ou n'est pas le type d'archive compressée attendu : il est tronqué, corrompu ou sa structure interne est défaillante, de sorte qu'aucun de ses contenus n'a pu être contrôlé.
    .why = Rien dans le dossier n'a pu être examiné : la déclaration d'effacement ne repose donc sur aucun élément de preuve exploitable. Le dossier est invalide.
    .ask = Demandez au responsable du traitement une nouvelle copie complète du dossier de preuve, et comment le fichier a été produit et vous a été transmis.

code-archive-trailing_data =
    .meaning = Des données supplémentaires ont été trouvées après la fin officielle du fichier du dossier. Certains outils ignorent ces données, d'autres peuvent les lire comme un contenu supplémentaire.
    .why = Un contenu caché après la fin signifie que des lecteurs différents peuvent voir des dossiers différents : les éléments de preuve sont ambigus. Le dossier est invalide.
    .ask = Demandez au responsable du traitement pourquoi des données ont été ajoutées après la fin du dossier, et un dossier produit par son outil habituel, sans aucun ajout.

code-archive-forbidden_entry =
    .meaning = Le dossier contient autre chose que des fichiers ordinaires, par exemple un raccourci (lien) vers un autre fichier, une entrée de périphérique ou une entrée spéciale qui renomme ou redimensionne le fichier suivant.
    .why = De telles entrées font extraire des contenus différents selon l'outil : ce qui a été signé n'est peut-être pas ce que vous lisez. Le dossier est invalide.
    .ask = Demandez au responsable du traitement pourquoi cette entrée figure dans le dossier, et un dossier régénéré ne contenant que des fichiers ordinaires.

code-archive-bad_path =
    .meaning = Un fichier du dossier porte un nom qui n'est pas un simple emplacement à l'intérieur du dossier : il peut pointer hors du dossier, partir de la racine d'un disque, contenir « .. » ou des caractères inhabituels, ou être enregistré de façon ambiguë.
    .why = Des noms de fichiers ambigus ou qui sortent du dossier peuvent faire lire le mauvais fichier ou écraser des fichiers sur l'ordinateur de la personne qui examine le dossier. Le dossier est invalide.
    .ask = Demandez au responsable du traitement quel outil a produit le dossier, et un dossier régénéré dans lequel chaque fichier porte un nom simple.

code-archive-duplicate_entry =
    .meaning = Deux fichiers du dossier portent exactement le même nom.
    .why = Des outils différents conservent des copies différentes : deux examinateurs pourraient lire des éléments de preuve différents dans le même dossier. Le dossier est invalide.
    .ask = Demandez au responsable du traitement quelle copie est l'authentique et pourquoi il y en a deux, et un dossier régénéré dans lequel chaque fichier n'apparaît qu'une fois.

code-archive-limit_exceeded =
    .meaning = Le dossier dépasse les limites de sécurité du vérificateur (trop de données une fois décompressé, un fichier trop volumineux ou trop d'entrées) : le contrôle a été interrompu.
    .why = Des dossiers surdimensionnés peuvent servir à saturer les outils d'examen, et sans contrôle complet la déclaration d'effacement ne peut pas être acceptée. Le dossier est invalide.
    .ask = Demandez au responsable du traitement pourquoi le dossier est si volumineux, et un dossier de taille normale, les pièces justificatives volumineuses étant fournies séparément si nécessaire.

code-archive-missing_member =
    .meaning = L'un des documents que tout dossier doit contenir est absent : la déclaration signée, sa signature, la demande, les enregistrements des étapes, les résultats de vérification, les accusés des sous-traitants, l'enregistrement du journal d'audit ou l'attestation.
    .why = Sans tous les documents requis, l'effacement ne peut pas être contrôlé de bout en bout. Le dossier est invalide.
    .ask = Demandez au responsable du traitement un dossier complet comprenant le document manquant, et pourquoi il avait été omis.

code-json-malformed =
    .meaning = Un document du dossier n'est pas une donnée structurée valide (JSON, le format texte lisible par machine qu'utilise le dossier) : il est cassé, répète un nom de champ, contient des caractères invalides ou est imbriqué trop profondément.
    .why = Un document cassé ne peut pas être lu de façon fiable, et un champ répété peut avoir des sens différents selon l'outil. Le dossier est invalide.
    .ask = Demandez au responsable du traitement quel système a produit le document, et un dossier de remplacement correctement formé.

code-time-invalid =
    .meaning = Une date et une heure du dossier ne peuvent pas être lues, ou n'indiquent pas leur fuseau horaire.
    .why = Les échéances et l'ordre des événements ne peuvent pas être contrôlés sans heures exactes. Le dossier est invalide.
    .ask = Demandez au responsable du traitement la date, l'heure et le fuseau horaire exacts de l'événement concerné, et un dossier corrigé.

code-time-out_of_order =
    .meaning = Des dates du dossier se suivent dans un ordre impossible, par exemple une étape qui se termine avant d'avoir commencé, des contrôles effectués avant la fin des travaux, ou la déclaration signée avant l'achèvement de l'effacement.
    .why = Une chronologie impossible signifie que les enregistrements sont erronés ou ont été modifiés après coup. Le dossier se contredit et est invalide.
    .ask = Demandez au responsable du traitement d'expliquer la séquence réelle des événements, avec les enregistrements d'origine des systèmes montrant quand chaque action a eu lieu.

code-attestation-empty =
    .meaning = L'attestation écrite du délégué à la protection des données (DPO), c'est-à-dire la déclaration humaine que l'effacement a été effectué, est vide.
    .why = Le dossier doit porter la déclaration d'une personne responsable ; sans elle, la déclaration d'effacement n'a pas d'auteur déclaré. Le dossier est invalide.
    .ask = Demandez l'attestation écrite du DPO décrivant ce qui a été effacé, quand et sur quelle base.

code-manifest-unsupported_format =
    .meaning = La déclaration signée (le manifeste, document de synthèse principal du dossier) ne se déclare pas comme la version 1 de ce format de dossier de preuve.
    .why = Les règles utilisées pour contrôler le dossier ne sont peut-être pas celles qu'a suivies son producteur : on ne peut pas se fier aux résultats. Le dossier est invalide.
    .ask = Demandez au responsable du traitement quel format et quelle version d'outil ont produit le dossier, et un dossier au format pris en charge.

code-manifest-schema =
    .meaning = Il manque à la déclaration signée (manifeste) des informations requises, elle contient des informations du mauvais type ou une valeur non autorisée, comme une base juridique inconnue ou une empreinte de fichier mal formée.
    .why = La déclaration centrale ne peut pas être lue de façon fiable. Le dossier est invalide.
    .ask = Demandez au responsable du traitement quel élément était erroné et pourquoi, et un dossier corrigé et signé à nouveau.

code-manifest-file_missing =
    .meaning = La déclaration signée liste un fichier comme élément de preuve, mais ce fichier ne figure pas dans le dossier.
    .why = Un élément de preuve dont le signataire s'est porté garant est absent : cette partie de la déclaration ne peut pas être contrôlée. Le dossier est invalide.
    .ask = Demandez au responsable du traitement le fichier manquant dans un dossier régénéré, et pourquoi il était absent.

code-manifest-unlisted_member =
    .meaning = Le dossier contient un fichier que la déclaration signée ne liste pas : la signature ne couvre donc pas ce fichier.
    .why = Un contenu non couvert par la signature a pu être ajouté par n'importe qui après la signature. Le dossier est invalide.
    .ask = Demandez qui a ajouté le fichier et quand, et un dossier dans lequel chaque fichier est listé dans la déclaration signée.

code-manifest-duplicate_path =
    .meaning = La déclaration signée liste le même fichier plus d'une fois.
    .why = Un fichier listé deux fois, peut-être avec des empreintes différentes, rend la déclaration ambiguë. Le dossier est invalide.
    .ask = Demandez au responsable du traitement quelle entrée est correcte et pourquoi le fichier a été listé deux fois, et un dossier corrigé et signé à nouveau.

code-manifest-hash_mismatch =
    .meaning = Le contenu d'un fichier ne correspond pas à l'empreinte numérique (hachage) enregistrée pour lui dans la déclaration signée : le fichier a été modifié après la signature, ou le mauvais fichier a été inclus.
    .why = C'est le principal signe d'une altération ou d'une erreur : les éléments de preuve ne sont pas ceux qui ont été signés. Le dossier est invalide.
    .ask = Demandez au responsable du traitement le fichier exactement tel qu'il a été signé, et qui l'a modifié, quand et pourquoi.

code-manifest-size_mismatch =
    .meaning = La taille d'un fichier diffère de celle enregistrée pour lui dans la déclaration signée.
    .why = Les éléments de preuve ne sont pas ceux qui ont été signés, signe d'une altération ou d'une erreur. Le dossier est invalide.
    .ask = Demandez au responsable du traitement le fichier exactement tel qu'il a été signé, et pourquoi sa taille a changé.

code-manifest-field_mismatch =
    .meaning = Des données clés de la déclaration signée (numéro de demande, organisation, référence de la personne concernée, base juridique, date de réception ou échéance) diffèrent des mêmes données dans la demande d'effacement.
    .why = La déclaration signée peut porter sur une autre demande ou une autre échéance que celle enregistrée. Le dossier se contredit et est invalide.
    .ask = Demandez au responsable du traitement quelles valeurs sont correctes, avec l'enregistrement d'origine de la demande, et pourquoi les deux documents divergent.

code-manifest-all_clear_false_claim =
    .meaning = La déclaration signée affirme que l'effacement est entièrement achevé, mais les propres contrôles du vérificateur montrent que certaines parties ne le sont pas.
    .why = Le signataire a affirmé quelque chose que les éléments de preuve contredisent. Le dossier se contredit et est invalide.
    .ask = Demandez au DPO pourquoi l'effacement a été certifié complet malgré les points en suspens, et quel examen a été fait avant la signature.

code-signature-malformed =
    .meaning = Le fichier de signature numérique, qui doit prouver qui a approuvé la déclaration, n'a pas la forme attendue : structure incorrecte, méthode de signature non prise en charge ou signature de mauvaise longueur.
    .why = Sans signature exploitable, personne ne peut confirmer qui a approuvé la déclaration ni qu'elle est inchangée. Le dossier est invalide.
    .ask = Demandez au responsable du traitement un dossier portant une signature correctement formée, faite avec la clé de signature enregistrée du DPO.

code-signature-key_id_mismatch =
    .meaning = La signature numérique indique avoir été faite avec une autre clé de signature que celle que nomme la déclaration signée.
    .why = La déclaration et sa signature ne s'accordent pas sur la clé qui a signé : l'authenticité ne peut pas être établie. Le dossier est invalide.
    .ask = Demandez au responsable du traitement quelle clé de signature a réellement été utilisée, et un dossier dans lequel la signature et la déclaration nomment la même clé.

code-signature-invalid =
    .meaning = La signature numérique ne correspond pas à la déclaration signée : soit la déclaration a été modifiée après la signature, soit la signature n'a pas été faite avec la clé nommée.
    .why = Le contrôle central d'authenticité échoue : on ne peut absolument pas se fier à la déclaration. Le dossier est invalide.
    .ask = Demandez au responsable du traitement si la déclaration a été modifiée après la signature, comment la divergence est apparue, et un dossier correctement signé à nouveau par le DPO.

code-request-schema =
    .meaning = Il manque à l'enregistrement de la demande d'effacement des informations requises, ou il contient des valeurs invalides, par exemple aucune référence à la vérification d'identité du demandeur, des catégories de données inconnues ou répétées, ou un avis de prolongation incomplet.
    .why = La demande définit la portée et l'échéance de l'effacement ; si elle ne peut pas être lue, la déclaration ne peut pas être évaluée. Le dossier est invalide.
    .ask = Demandez l'enregistrement d'origine de la demande, y compris la référence de la vérification d'identité, les catégories de données concernées et tout avis de prolongation.

code-steps-schema =
    .meaning = L'enregistrement d'une étape de l'effacement est incomplet ou mal formé, par exemple une étape en échec sans description de l'erreur, une étape différée sans date d'expiration, ou une exemption sans base juridique ni justification.
    .why = Les enregistrements des étapes sont la preuve centrale de ce qui a été fait ; un enregistrement mal formé ne peut pas être évalué. Le dossier est invalide.
    .ask = Demandez au responsable du traitement les enregistrements complets et corrigés des étapes, issus du système qui a exécuté l'effacement.

code-steps-order =
    .meaning = Les enregistrements des étapes de l'effacement ne suivent pas l'ordre fixe requis, sont mal numérotés, ou une étape apparaît plus d'une fois.
    .why = Un enregistrement désordonné ou répété ne permet pas de savoir quelle entrée donne le véritable résultat d'une étape. Le dossier est invalide.
    .ask = Demandez au responsable du traitement le journal d'exécution d'origine, et quel enregistrement fait foi pour chaque étape.

code-steps-residue_after_ok =
    .meaning = Une étape est déclarée réussie, alors que son propre décompte montre qu'il reste ensuite des enregistrements des données de la personne.
    .why = L'enregistrement de l'étape se contredit : on ne peut pas croire à sa réussite. Le dossier est invalide.
    .ask = Demandez ce que sont les enregistrements restants, s'ils ont été effacés depuis, et pourquoi l'étape a été marquée comme réussie.

code-steps-silent_failure =
    .meaning = Une étape de l'effacement a échoué, mais aucun ticket d'incident ou d'exception n'a été ouvert pour suivre et corriger l'échec.
    .why = Les échecs que personne ne suit ont tendance à ne pas être corrigés, et la procédure du responsable du traitement n'a pas enregistré celui-ci comme elle le devait. Le dossier est invalide.
    .ask = Demandez l'enregistrement de l'incident, qui est chargé de le corriger, et quand l'étape sera achevée.

code-probes-schema =
    .meaning = Les résultats des contrôles de vérification (recherches effectuées après l'effacement pour confirmer que les données ont disparu) sont incomplets ou mal formés.
    .why = Sans résultats de vérification lisibles, rien ne confirme que les données ont disparu. Le dossier est invalide.
    .ask = Demandez au responsable du traitement les résultats complets de la vérification, y compris leur date d'exécution et la version du logiciel utilisé.

code-probes-all_clear_inconsistent =
    .meaning = Les résultats de vérification déclarent « tout est en ordre » alors que leurs propres décomptes montrent des données restantes, ou signalent un problème alors que tous les décomptes sont à zéro.
    .why = Les résultats se contredisent : on ne peut se fier ni à la synthèse ni aux décomptes. Le dossier est invalide.
    .ask = Demandez au responsable du traitement d'expliquer cet écart et de fournir les résultats bruts de chaque contrôle de vérification.

code-probes-audit_mismatch =
    .meaning = Les résultats de vérification indiquent un autre nombre de données personnelles restées lisibles dans le journal d'audit que celui que le vérificateur compte dans les éléments du journal d'audit figurant au dossier.
    .why = Le contrôle du journal d'audit a soit examiné d'autres éléments, soit mal rendu compte de ce qu'il a trouvé. Le dossier est invalide.
    .ask = Demandez au responsable du traitement comment le contrôle du journal d'audit a été effectué et sur quelles données du journal, et de rapprocher son décompte des éléments de preuve.

code-receipts-schema =
    .meaning = Un accusé de suppression d'un sous-traitant (une société extérieure qui traite des données pour le compte du responsable du traitement) est incomplet ou mal formé, par exemple un accusé confirmé sans heure de confirmation.
    .why = Les accusés prouvent que les sociétés extérieures ont supprimé les données ; un accusé mal formé ne peut pas être évalué. Le dossier est invalide.
    .ask = Demandez au responsable du traitement l'accusé complet tel qu'émis par le sous-traitant, avec ses dates de demande et de confirmation.

code-sla-deadline_overstated =
    .meaning = L'échéance que le responsable du traitement a enregistrée pour cette demande tombe à la fin du délai légal initial ou après (par exemple un mois civil après réception selon le RGPD), même si une prolongation a été décidée par la suite.
    .why = Le responsable du traitement s'est accordé plus de temps que la loi ne lui en donne, ce qui pourrait masquer un effacement tardif. Le dossier est invalide.
    .ask = Demandez au responsable du traitement comment l'échéance a été calculée, sur quelle base juridique, et ce qui a été indiqué à la personne concernée.

code-audit-schema =
    .meaning = Les éléments du journal d'audit, extrait du journal d'audit infalsifiable (un journal dont les entrées passées ne peuvent pas être modifiées sans que cela se voie), sont incomplets ou mal formés.
    .why = Le journal d'audit est le témoin indépendant de ce qui s'est passé ; des éléments mal formés ne peuvent pas être contrôlés. Le dossier est invalide.
    .ask = Demandez au responsable du traitement un extrait complet et correctement formé du journal d'audit pour cette demande.

code-audit-checkpoint_malformed =
    .meaning = Un point de contrôle du journal d'audit infalsifiable (un instantané signé du journal à un moment donné) ne peut pas être lu.
    .why = Sans instantanés lisibles, l'intégrité du journal d'audit ne peut pas être confirmée. Le dossier est invalide.
    .ask = Demandez au responsable du traitement les instantanés signés d'origine du journal d'audit, d'avant et d'après l'effacement.

code-audit-checkpoint_signature_invalid =
    .meaning = La signature d'un instantané du journal d'audit infalsifiable, faite avec la clé reconnue de l'exploitant du journal, ne se vérifie pas.
    .why = L'instantané est peut-être falsifié ou altéré : on ne peut pas se fier aux éléments du journal d'audit. Le dossier est invalide.
    .ask = Demandez au responsable du traitement, ou à l'exploitant du journal d'audit, les instantanés signés authentiques et une explication de l'échec.

code-audit-origin_mismatch =
    .meaning = Un instantané du journal d'audit nomme un autre journal que celui dont le dossier dit tirer ses éléments de preuve.
    .why = Les éléments de preuve proviennent peut-être d'un autre journal, par exemple d'un système de test ou du journal d'un autre client. Le dossier est invalide.
    .ask = Demandez au responsable du traitement quel journal d'audit contient les enregistrements de cette demande, et des instantanés de ce journal.

code-audit-consistency_failed =
    .meaning = La preuve que le journal d'audit n'a fait que s'allonger entre les instantanés pris avant et après l'effacement, sans être réécrit, échoue.
    .why = Des entrées passées du journal ont peut-être été modifiées ou supprimées, ce qui ruine la valeur du journal comme témoin. Le dossier est invalide.
    .ask = Demandez au responsable du traitement et à l'exploitant du journal si le journal d'audit a été réécrit ou réinitialisé, et une preuve valide couvrant la période.

code-audit-inclusion_failed =
    .meaning = Il ne peut pas être prouvé qu'une entrée de journal présentée dans le dossier fait partie du journal d'audit infalsifiable à la position indiquée.
    .why = L'entrée est peut-être fabriquée ou altérée : elle ne peut pas servir de preuve. Le dossier est invalide.
    .ask = Demandez au responsable du traitement l'entrée authentique telle qu'enregistrée dans le journal d'audit, avec sa preuve d'inclusion.

code-audit-disclosure_unmatched =
    .meaning = Le journal conserve les données personnelles à part de ses entrées afin de pouvoir les supprimer plus tard ; ici, une donnée ne correspond pas à l'empreinte scellée enregistrée dans son entrée.
    .why = La donnée n'est pas celle enregistrée à l'origine, signe d'une altération. Le dossier est invalide.
    .ask = Demandez au responsable du traitement comment cette donnée en est venue à différer de ce qui avait été journalisé à l'origine.

code-audit-redaction_inconsistent =
    .meaning = L'enregistrement de ce qui a été masqué (caviardé) dans le journal d'audit contredit les éléments du journal : il affirme qu'une donnée encore présente a été retirée, ou renvoie à une entrée absente des éléments de preuve.
    .why = La description que donne le responsable du traitement de son caviardage ne correspond pas à ce qu'il a réellement fait. Le dossier est invalide.
    .ask = Demandez au responsable du traitement de rapprocher l'enregistrement du caviardage des entrées du journal d'audit et de montrer quelles données ont été retirées.

code-audit-cosignature_invalid =
    .meaning = La cosignature d'un témoin sur l'un des points de contrôle du journal d'audit est défectueuse : ses octets n'ont pas la bonne longueur, son heure est impossible, ou la signature ne se vérifie pas avec la clé du témoin.
    .why = Une cosignature est la parole d'un tiers attestant que le journal lui a montré un historique cohérent. Une cosignature défectueuse signifie que le point de contrôle a été altéré ou la cosignature falsifiée. Le dossier est invalide.
    .ask = Demandez au responsable du traitement le point de contrôle exactement tel que le témoin l'a cosigné, et demandez à l'exploitant du témoin de confirmer la cosignature à partir de ses propres enregistrements.

code-receipts-attestation_invalid =
    .meaning = La déclaration signée du sous-traitant jointe à un accusé est endommagée ou n'a pas la bonne forme, ou sa signature par une clé reconnue du sous-traitant ne se vérifie pas.
    .why = C'est l'attestation qui fait d'un accusé la parole du sous-traitant plutôt que celle du responsable du traitement. Une attestation défectueuse ne peut pas étayer l'accusé, et une signature en échec signifie qu'elle a été altérée. Le dossier est invalide.
    .ask = Demandez au responsable du traitement la déclaration de suppression signée d'origine du sous-traitant, et demandez au sous-traitant de la confirmer directement.

code-receipts-attestation_mismatch =
    .meaning = La déclaration signée du sous-traitant ne dit pas la même chose que l'accusé : autre ticket, autre statut ou autre heure, ou autre locataire ou autre personne concernée que ceux du dossier.
    .why = Une déclaration portant sur une autre suppression ne prouve rien sur celle-ci, et un accusé qui diffère de ce que le sous-traitant a signé le contredit. Le dossier est invalide.
    .ask = Demandez quelle suppression le sous-traitant a réellement confirmée, et la déclaration qui correspond à cette demande.

code-seal-schema =
    .meaning = Le sceau joint à la signature du dossier (la preuve que la signature a été consignée et vue par des témoins indépendants à une date donnée) n'a pas la forme attendue, ou l'entrée de journal qu'il porte ne l'a pas.
    .why = Un sceau illisible ne prouve rien, et un sceau endommagé a peut-être été altéré. Le dossier est invalide.
    .ask = Demandez au responsable du traitement le sceau exactement tel que son journal d'audit l'a enregistré, et l'outil qui l'a produit.

code-seal-checkpoint_invalid =
    .meaning = L'instantané du journal d'audit contenu dans le sceau est illisible, appartient à un autre journal, ou n'est pas signé par la clé reconnue de ce journal.
    .why = Un sceau que la clé du journal n'a pas signé n'est pas un sceau de ce journal : il ne peut pas montrer quand la signature a été consignée. Le dossier est invalide.
    .ask = Demandez au responsable du traitement l'instantané du journal qui contient le sceau, signé avec la clé enregistrée du journal d'audit.

code-seal-consistency_failed =
    .meaning = Rien ne montre que l'instantané du journal d'audit contenu dans le sceau prolonge le journal dont proviennent les éléments du dossier : la preuve qui les relie échoue.
    .why = Le sceau provient peut-être d'un autre historique du journal que celui où l'effacement a été enregistré. Le dossier est invalide.
    .ask = Demandez au responsable du traitement la preuve reliant l'instantané final du journal du dossier à celui du sceau, et si le journal a jamais été réécrit.

code-seal-inclusion_failed =
    .meaning = Il n'est pas prouvé que l'entrée de journal consignant la signature fait partie de l'instantané du journal d'audit contenu dans le sceau.
    .why = Sans cette preuve, rien ne montre que la signature a jamais été consignée. Le dossier est invalide.
    .ask = Demandez au responsable du traitement la preuve que l'entrée de signature figure dans l'instantané scellé du journal.

code-seal-entry_mismatch =
    .meaning = L'entrée de journal du sceau consigne un autre événement, un autre dossier, une autre déclaration signée ou une autre signature que ceux de ce dossier.
    .why = Le sceau appartient à autre chose : il ne dit rien de la date à laquelle cette signature existait, et il a peut-être été pris d'un autre dossier. Le dossier est invalide.
    .ask = Demandez au responsable du traitement à quel dossier appartient l'entrée scellée, et le sceau de la signature de ce dossier.

code-provenance-schema =
    .meaning = Un enregistrement du fichier de lignage des données (la carte des synthèses, plongements vectoriels, caches et autres éléments produits à partir des données de la personne) est incomplet ou mal formé.
    .why = C'est grâce à la carte de lignage que l'on retrouve les copies dérivées des données ; un enregistrement mal formé ne peut pas être évalué. Le dossier est invalide.
    .ask = Demandez au responsable du traitement un fichier de lignage complet et correctement formé pour cette demande.

code-trust-not_configured =
    .meaning = Le contrôle a été effectué sans liste de clés de signature reconnues (le magasin de confiance) : il n'a donc pas pu confirmer qui a signé le dossier.
    .why = Sans cette liste, n'importe qui aurait pu signer ; le dossier est intact mais non fiable. Cela concerne en général la façon dont le contrôle a été effectué, non le dossier.
    .ask = Demandez au responsable du traitement de fournir sa liste de clés de signature reconnues par un canal distinct du dossier, afin de pouvoir refaire le contrôle.

code-trust-key_unknown =
    .meaning = La clé utilisée pour signer le dossier ne figure pas dans la liste des clés reconnues.
    .why = La signature est peut-être authentique, mais rien ne montre que le signataire est habilité à certifier des effacements. Le dossier est non fiable.
    .ask = Demandez qui détient cette clé et pourquoi elle n'est pas enregistrée, ou un dossier signé avec une clé de DPO enregistrée.

code-trust-key_not_valid_at_signing =
    .meaning = Le dossier dit avoir été signé à un moment où la clé de signature n'était pas encore valide ou avait déjà expiré.
    .why = Une clé hors de sa période de validité n'est pas habilitée à signer. Le dossier est non fiable.
    .ask = Demandez au responsable du traitement quand le dossier a réellement été signé et avec quelle clé, et un dossier signé avec une clé valide à ce moment-là.

code-trust-key_revoked =
    .meaning = La clé de signature avait déjà été retirée (révoquée), par exemple parce qu'elle avait été perdue ou compromise, au moment où le dossier dit avoir été signé ou avant.
    .why = Une clé révoquée est peut-être entre de mauvaises mains : on ne peut pas se fier à la signature. Le dossier est non fiable.
    .ask = Demandez pourquoi et quand la clé a été révoquée, et que le dossier soit signé à nouveau avec une clé de DPO en vigueur.

code-trust-role_missing =
    .meaning = La clé de signature est enregistrée, mais elle n'est pas habilitée pour le rôle de délégué à la protection des données (DPO), seul autorisé à certifier des effacements.
    .why = La personne ou le système qui a signé n'a pas qualité pour faire cette déclaration. Le dossier est non fiable.
    .ask = Demandez au responsable du traitement pourquoi le dossier n'a pas été signé par le DPO, et un dossier signé avec la clé du DPO.

code-trust-signer_mismatch =
    .meaning = La personne désignée comme signataire dans la déclaration n'est pas le titulaire enregistré de la clé qui l'a signée.
    .why = Quelqu'un a peut-être signé au nom d'une autre personne, ce qui rompt la chaîne des responsabilités. Le dossier est non fiable.
    .ask = Demandez qui a réellement signé le dossier, et un dossier signé par le signataire désigné avec sa propre clé.

code-sod-signer_is_runner =
    .meaning = La personne qui a validé l'effacement est celle qui l'a exécuté (la séparation des tâches exige que la validation vienne d'une personne indépendante).
    .why = Personne d'indépendant n'a contrôlé le travail avant qu'il soit certifié. Le dossier est non fiable.
    .ask = Demandez qui a examiné l'effacement de façon indépendante, et une validation par le DPO ou par une autre personne qui ne l'a pas exécuté.

code-audit-checkpoint_key_unknown =
    .meaning = Les instantanés du journal d'audit infalsifiable ne sont signés par aucune clé reconnue pour signer au nom de ce journal.
    .why = Les éléments du journal d'audit ne peuvent pas être rattachés à l'exploitant reconnu du journal : ils ne constituent pas un témoin indépendant. Le dossier est non fiable.
    .ask = Demandez au responsable du traitement la clé de signature enregistrée du journal d'audit, et des instantanés signés avec elle.

code-audit-request_not_logged =
    .meaning = Les éléments du journal d'audit infalsifiable ne montrent aucune trace de l'acceptation de cette demande d'effacement.
    .why = Il n'existe aucune trace indépendante de la demande ; la déclaration repose sur les propres documents du responsable du traitement. Le dossier est non fiable.
    .ask = Demandez au responsable du traitement l'entrée du journal d'audit qui enregistre quand la demande a été acceptée.

code-audit-step_not_logged =
    .meaning = Une étape de l'effacement, avec le résultat indiqué dans le dossier, n'a pas d'entrée correspondante dans les éléments du journal d'audit.
    .why = Le résultat indiqué n'a pas de témoin indépendant et a pu être écrit après coup. Le dossier est non fiable.
    .ask = Demandez au responsable du traitement l'entrée du journal d'audit de cette étape, ou pourquoi l'étape n'a pas été journalisée.

code-audit-witness_quorum_not_met =
    .meaning = Moins de témoins indépendants que ne l'exige la politique de votre magasin de confiance se portent garants du point de contrôle final du journal d'audit.
    .why = Sans assez de témoins, l'historique du journal repose sur la seule clé du responsable du traitement : il a pu vous montrer un autre historique que celui vu par d'autres. Votre politique ne lui fait pas confiance. Le dossier est non fiable.
    .ask = Demandez au responsable du traitement de faire cosigner le point de contrôle par les témoins que nomme votre politique, ou quels témoins il utilise et comment obtenir leurs clés.

code-receipts-unattested =
    .meaning = La politique de votre magasin de confiance exige que les sous-traitants signent leurs accusés de suppression, et la suppression chez un sous-traitant n'est attestée que par un accusé recopié par le responsable du traitement, sans déclaration signée vérifiée du sous-traitant.
    .why = La suppression chez ce sous-traitant repose alors sur la seule parole du responsable du traitement, ce que votre politique n'accepte pas. Le dossier est non fiable.
    .ask = Demandez la déclaration de suppression signée du sous-traitant, et la clé publique du sous-traitant par un canal qui lui est propre.

code-sla-unwitnessed =
    .meaning = La politique de votre magasin de confiance exige que des témoins indépendants confirment que l'effacement a été achevé à temps, et ils ne le font pas : ils n'ont vu le journal d'audit de l'effacement qu'à l'échéance ou après, ou trop peu d'entre eux l'ont vu.
    .why = L'affirmation que l'échéance a été respectée repose sur la seule horloge du responsable du traitement, ce que votre politique n'accepte pas. Le dossier est non fiable.
    .ask = Demandez au responsable du traitement pourquoi le journal d'audit n'a atteint les témoins qu'après l'échéance, et les points de contrôle du journal cosignés avant elle.

code-trust-key_revoked_before_seal =
    .meaning = La clé de signature a été retirée (révoquée) après le moment où le dossier dit avoir été signé, et le sceau prouve que la signature n'existait qu'à partir de la révocation ou plus tard.
    .why = Rien ne prouve que la signature a été faite avant la révocation de la clé : quiconque détenait la clé ensuite a pu la faire et l'antidater. Le dossier est non fiable.
    .ask = Demandez pourquoi la clé a été révoquée et si elle a été compromise, et le dossier signé à nouveau par le DPO avec une clé valide, puis scellé sans délai.

code-signature-unsealed =
    .meaning = La politique de votre magasin de confiance exige que la signature du dossier soit scellée (consignée et cosignée par des témoins indépendants, ce qui prouve quand elle existait), et elle ne l'est pas, ou son sceau ne tient pas ou a trop peu de témoins.
    .why = Sans sceau, l'heure de signature repose sur la seule parole du signataire, et une signature dont la clé est révoquée plus tard ne peut plus être crue. Votre politique ne l'accepte pas. Le dossier est non fiable.
    .ask = Demandez au responsable du traitement de sceller la signature au moyen de son journal d'audit et de ses témoins, et de vous envoyer le dossier scellé.

code-minimization-subject_not_pseudonymous =
    .meaning = Le dossier identifie la personne par un identifiant réel (comme une adresse électronique ou un nom) au lieu d'une référence codée illisible sans la clé secrète du responsable du traitement.
    .why = La preuve elle-même contient alors une copie des données personnelles qu'elle dit avoir effacées : l'effacement est incomplet.
    .ask = Demandez au responsable du traitement de réémettre le dossier avec la référence codée et de confirmer qu'il ne reste aucune autre copie de l'identifiant réel.

code-steps-missing =
    .meaning = L'une des étapes d'effacement requises n'a pas d'enregistrement : chaque catégorie de données demandée en exige une, de même que la suppression chez les sous-traitants et le caviardage du journal d'audit.
    .why = Une catégorie des données de la personne n'a peut-être pas été effacée du tout. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement si cette étape a été effectuée, ainsi que son enregistrement et ses éléments de preuve.

code-steps-failed =
    .meaning = Une étape de l'effacement est enregistrée comme ayant échoué.
    .why = Une partie des données de la personne n'a pas été effacée. L'effacement est incomplet.
    .ask = Demandez ce qui n'a pas fonctionné, le ticket d'incident, quand l'étape sera relancée, et des éléments de preuve une fois qu'elle aura réussi.

code-steps-pending =
    .meaning = Une étape de l'effacement n'a pas encore été effectuée ; elle est prévue à une date ultérieure.
    .why = Tant que l'étape n'est pas faite, les données existent encore. L'effacement est incomplet.
    .ask = Demandez la date prévue, pourquoi l'étape n'a pas été faite à temps, et une confirmation une fois qu'elle sera terminée.

code-steps-deferred =
    .meaning = Une étape de l'effacement n'a pas été effectuée directement mais laissée à un mécanisme automatique après un délai fixé, par exemple un cache qui expire de lui-même.
    .why = Tant que ce délai n'est pas écoulé, les données existent encore ; un effacement différé n'est pas un effacement achevé. L'effacement est incomplet.
    .ask = Demandez quand exactement les données expireront, si elles peuvent être utilisées d'ici là, et une confirmation après l'expiration.

code-steps-replication_not_drained =
    .meaning = Les enregistrements des interactions passées de la personne ont été supprimés de la base de données principale, mais rien ne confirme que ses copies synchronisées (répliques) ont rattrapé la suppression.
    .why = Des copies des données existent peut-être encore sur d'autres serveurs. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement la preuve que chaque copie de la base de données a appliqué la suppression.

code-steps-vectors_not_purged =
    .meaning = Les données de la personne ont été masquées des recherches, mais les données de recherche stockées (plongements vectoriels, représentations numériques de textes utilisées pour la recherche par similarité) n'ont pas été purgées ni reconstruites : elles subsistent peut-être.
    .why = Masquer des données des recherches, ce n'est pas les effacer. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement la preuve que les données de recherche sous-jacentes ont été purgées ou reconstruites sans les données de la personne.

code-steps-model_lineage_missing =
    .meaning = Le dossier ne rend pas entièrement compte des versions de modèles d'IA entraînées sur les données de la personne et de ce qui a été fait pour chacune (réentraînée, désapprise, retirée…), ou une action n'est pas étayée.
    .why = Les données de la personne subsistent peut-être dans des modèles d'IA. L'effacement est incomplet.
    .ask = Demandez la liste de chaque version de modèle entraînée sur les données et de l'action menée pour chacune, avec la méthode et les résultats de test de tout désapprentissage.

code-steps-model_suppressed_only =
    .meaning = Un modèle d'IA entraîné sur les données de la personne a seulement été empêché de les restituer (suppression des sorties) ; l'influence des données subsiste dans le modèle.
    .why = Le blocage des sorties est une mesure provisoire, pas un effacement. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement son plan et sa date pour réentraîner, faire désapprendre ou retirer le modèle.

code-probes-missing =
    .meaning = Un contrôle de vérification requis (une recherche effectuée après l'effacement pour confirmer que les données ont disparu) manque pour une catégorie de données, pour les sous-traitants ou pour le journal d'audit.
    .why = Rien ne confirme que les données de ce domaine ont disparu. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement d'effectuer le contrôle manquant et d'en fournir les résultats.

code-probes-residue =
    .meaning = Un contrôle de vérification a trouvé des enregistrements des données de la personne qui auraient dû être effacés mais existent encore.
    .why = Des données personnelles qui auraient dû disparaître sont encore conservées. L'effacement est incomplet.
    .ask = Demandez ce que sont les enregistrements restants, pourquoi ils ont été oubliés, et la preuve de leur suppression.

code-probes-unredacted_pii =
    .meaning = Le contrôle de vérification du journal d'audit a trouvé des données personnelles qui n'ont pas été masquées (caviardées).
    .why = Des données personnelles restent lisibles dans le journal d'audit. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement de caviarder les données restantes et de fournir un nouveau contrôle montrant qu'il n'en reste aucune.

code-audit-pii_disclosed =
    .meaning = Les éléments du journal d'audit figurant au dossier contiennent encore des données personnelles lisibles, comme une adresse électronique, un nom ou une adresse IP.
    .why = Des données personnelles subsistent dans le journal d'audit, et dans la preuve elle-même. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement de caviarder ces données dans le journal d'audit et de fournir des éléments de preuve mis à jour.

code-receipts-missing =
    .meaning = Un sous-traitant (une société extérieure que le responsable du traitement déclare détenir les données de la personne) n'a pas d'accusé de suppression dans le dossier.
    .why = Rien ne montre que la société extérieure a supprimé les données. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement l'accusé de suppression du sous-traitant, ou si la suppression lui a jamais été demandée.

code-receipts-not_api =
    .meaning = La suppression chez un sous-traitant a été traitée par un canal informel, comme un courriel ou un appel téléphonique, plutôt que par son service de suppression automatisé, et aucune confirmation automatisée n'existe.
    .why = Un message informel est une preuve de suppression faible et difficile à vérifier. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement une confirmation émanant du service de suppression du sous-traitant, avec son numéro de référence.

code-receipts-no_ticket =
    .meaning = L'accusé de suppression d'un sous-traitant ne porte pas de numéro de référence (ticket), et aucun autre accusé de ce sous-traitant n'en porte.
    .why = Sans référence, la suppression ne peut pas être retracée ni vérifiée auprès du sous-traitant. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement le numéro de référence de la suppression chez le sous-traitant, ou un accusé qui en porte un.

code-receipts-pending =
    .meaning = Un sous-traitant a reçu la demande de suppression mais n'a pas encore confirmé que la suppression a été effectuée.
    .why = Tant qu'elle n'a pas confirmé, la société extérieure détient peut-être encore les données. L'effacement est incomplet.
    .ask = Demandez quand le sous-traitant doit confirmer, et sa confirmation une fois reçue.

code-receipts-failed =
    .meaning = Un sous-traitant a signalé l'échec de la suppression.
    .why = La société extérieure détient encore les données. L'effacement est incomplet.
    .ask = Demandez pourquoi la suppression a échoué, ce que fait le responsable du traitement pour y remédier, et un accusé confirmé lorsqu'elle aura réussi.

code-provenance-missing =
    .meaning = La demande couvre des données dérivées (synthèses, plongements vectoriels, caches et autres éléments produits à partir des données de la personne), mais le dossier ne contient pas de fichier de lignage des données recensant ces éléments.
    .why = Sans cette carte, rien ne prouve que les copies dérivées ont été retrouvées et effacées. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement le fichier de lignage montrant chaque élément dérivé des données de la personne et son état.

code-provenance-unverifiable =
    .meaning = L'index de lignage du responsable du traitement, qui retrouve chaque élément dérivé des données de la personne, était indisponible : les copies dérivées n'ont pas pu être retracées.
    .why = L'absence de preuve n'est pas la preuve de l'absence : des copies dérivées subsistent peut-être sans que personne ne le remarque. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement quand l'index sera de nouveau disponible, et un nouveau dossier une fois les copies dérivées retracées.

code-provenance-scope_not_registered =
    .meaning = Le fichier de lignage renvoie à un espace de stockage (un « périmètre ») qui n'est pas déclaré dans la propre liste d'espaces du fichier.
    .why = La carte est incohérente : des éléments situés dans des espaces non déclarés ont peut-être été oubliés. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement de lister chaque espace de stockage contenant les données de la personne ou des éléments qui en sont dérivés.

code-provenance-live_derivation =
    .meaning = Un élément dérivé des données effacées, comme une synthèse, un plongement vectoriel ou une réponse en cache, est encore actif et utilisable.
    .why = Les informations de la personne survivent sous une forme dérivée. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement de supprimer ou de caviarder l'élément dérivé et de prouver qu'il a disparu.

code-provenance-deferred =
    .meaning = Un élément dérivé des données effacées n'a pas été supprimé mais doit expirer automatiquement à une date ultérieure.
    .why = Tant qu'il n'a pas expiré, l'élément dérivé existe encore. L'effacement est incomplet.
    .ask = Demandez quand l'élément expire, s'il peut être utilisé d'ici là, et une confirmation après l'expiration.

code-provenance-undeclared_deferral =
    .meaning = Un élément dérivé des données effacées est laissé à l'expiration, mais aucun engagement enregistré ne le couvre jusqu'à sa date d'expiration.
    .why = Rien n'oblige le responsable du traitement à s'assurer que l'élément expire réellement. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement d'enregistrer et de respecter un engagement couvrant l'élément jusqu'à son expiration, ou de le supprimer dès maintenant.

code-provenance-reference_scopes_incomplete =
    .meaning = Le marqueur de suppression (tombstone) d'un élément effacé ne liste pas tous les espaces de stockage où sont conservés des éléments qui en sont dérivés.
    .why = Des copies dérivées situées dans des espaces non listés peuvent échapper à l'effacement. L'effacement est incomplet.
    .ask = Demandez au responsable du traitement de lister chaque espace de stockage contenant des éléments dérivés des données effacées, et de confirmer qu'ils ont été vidés.

code-provenance-obligation_open =
    .meaning = Le fichier de lignage enregistre un engagement en cours, comme l'attente de l'expiration d'un cache, qui n'est pas encore terminé.
    .why = Il reste du travail avant que l'effacement soit complet. L'effacement est incomplet.
    .ask = Demandez quand l'engagement sera rempli, et des éléments de preuve une fois qu'il le sera.

code-steps-backup_live =
    .meaning = Une étape déclare qu'une sauvegarde contenant les données de la personne est en service : restaurée et utilisée, de sorte que les données sont toujours là.
    .why = Les données d'une sauvegarde en service n'ont pas été effacées, quoi que montre le stockage principal. L'effacement est incomplet.
    .ask = Demandez de quelle sauvegarde il s'agit, quand elle sera purgée ou mise hors service, et un dossier de suivi une fois que ce sera fait.

code-steps-backup_unsuppressed =
    .meaning = Une étape conserve une sauvegarde jusqu'à son expiration, mais sans moyen de réappliquer l'effacement si elle était un jour restaurée.
    .why = Si cette sauvegarde est restaurée, les données de la personne reviennent en usage. Les autorités de contrôle ont constaté que les sauvegardes sont la lacune la plus fréquente en matière d'effacement. L'effacement est incomplet.
    .ask = Demandez comment une restauration de cette sauvegarde réappliquerait l'effacement (par exemple au moyen d'une liste de suppression), ou quand la sauvegarde sera purgée.

code-sla-breached =
    .meaning = L'effacement a été achevé à l'échéance effective ou après : la plus proche entre l'échéance légale et celle fixée par le responsable du traitement (ou la date prolongée communiquée à la personne).
    .why = L'effacement semble complet, mais tardif : le verdict est « en retard », ce qui peut constituer un dépassement du délai légal (par exemple l'article 12, paragraphe 3, du RGPD).
    .ask = Demandez au responsable du traitement pourquoi l'effacement a été tardif, si la personne concernée en a été informée, et ce qui évitera de tels retards à l'avenir.

code-manifest-all_clear_understated =
    .meaning = La déclaration signée indique que l'effacement n'est pas complet, mais le vérificateur n'a rien trouvé en suspens.
    .why = Ce n'est qu'un avertissement : la déclaration est prudente, mais le signataire a peut-être connaissance d'un problème que le dossier ne montre pas.
    .ask = Demandez au DPO pourquoi l'effacement n'a pas été déclaré complet et s'il reste quelque chose à faire.

code-trust-key_revoked_later =
    .meaning = La clé de signature a été retirée (révoquée) après le moment où le dossier dit avoir été signé. Cette heure de signature repose sur la seule parole du signataire et n'est pas confirmée de façon indépendante.
    .why = Ce n'est qu'un avertissement, mais si la clé a été compromise, quelqu'un a pu l'utiliser pour antidater une signature.
    .ask = Demandez pourquoi et quand la clé a été révoquée, et une preuve indépendante du moment où le dossier a été signé.

code-steps-exempt =
    .meaning = Une étape n'a pas été effectuée parce que le responsable du traitement invoque une exception légale documentée pour conserver ces données (par exemple l'article 17, paragraphe 3, du RGPD).
    .why = Ce n'est qu'un avertissement : une conservation licite ne rend pas l'effacement incomplet, mais l'exception doit réellement s'appliquer.
    .ask = Demandez au responsable du traitement de justifier l'exception, quelles données sont conservées, pour combien de temps et qui peut y accéder.

code-independence-same_code_path =
    .meaning = Les contrôles de vérification ont utilisé la même version du logiciel que l'effacement lui-même : ils ne constituent pas un contrôle indépendant.
    .why = Ce n'est qu'un avertissement, mais un défaut de ce logiciel pourrait à la fois manquer des données et ne pas s'en apercevoir.
    .ask = Demandez si le résultat a été confirmé avec des outils distincts ou par une équipe distincte.

code-receipts-unlisted =
    .meaning = Le dossier contient un accusé de suppression d'un sous-traitant qui ne figure pas dans la liste signée des sous-traitants.
    .why = Ce n'est qu'un avertissement, mais la liste signée est peut-être incomplète : les données ont peut-être été transmises à plus de sociétés extérieures que déclaré.
    .ask = Demandez au responsable du traitement la liste complète des sociétés extérieures qui ont reçu les données de la personne.

code-sla-extension_invalid =
    .meaning = La demande enregistre une prolongation de délai qui ne remplit pas les conditions légales (non permise par cette loi, notifiée trop tard ou trop longue) ou qui est mal formée : elle a donc été ignorée.
    .why = Ce n'est qu'un avertissement, mais l'échéance est alors appréciée sans la prolongation, ce qui peut rendre l'effacement tardif.
    .ask = Demandez l'avis de prolongation adressé à la personne concernée, sa date et la base juridique invoquée.

code-receipts-attestation_unverified =
    .meaning = Un accusé porte une déclaration signée par le sous-traitant, mais votre magasin de confiance ne détient aucune clé de ce sous-traitant pour vérifier la signature.
    .why = Ce n'est qu'un avertissement : la déclaration est peut-être authentique, mais elle ne peut pas être vérifiée ; l'accusé repose donc toujours sur la parole du responsable du traitement.
    .ask = Demandez au sous-traitant sa clé publique de signature par un canal qui lui est propre, et ajoutez-la à votre magasin de confiance.

code-sla-witnessed_after_deadline =
    .meaning = Le dossier dit que l'effacement a été achevé avant l'échéance, mais des témoins indépendants n'ont vu le journal d'audit de l'effacement qu'à l'échéance ou après.
    .why = Ce n'est qu'un avertissement : l'effacement a peut-être bien été fait à temps, mais cela repose sur la seule horloge du responsable du traitement, et une heure d'achèvement antidatée aurait le même aspect.
    .ask = Demandez au responsable du traitement pourquoi le journal d'audit a atteint les témoins en retard, et tout enregistrement indépendant du moment où l'effacement a été achevé.

## Reçus de vérification (§20) : `proofpack verification sign|check|countersign`.

verification-authentic = Authentique : signé par { $signers }.
verification-not-authentic = NON authentique.
verification-failure-verification-envelope_malformed = l'enveloppe n'est pas un reçu de vérification
verification-failure-verification-statement_malformed = la déclaration signée n'est pas une déclaration de vérification
verification-failure-verification-no_counting_signature = aucune signature n'est d'une clé de vérificateur de votre magasin de clés valide au moment de la vérification
verification-failure-verification-signature_invalid = une signature d'une clé de vérificateur de votre magasin de clés ne se vérifie pas
verification-failure-verification-signer_mismatch = aucune clé de vérificateur signataire n'appartient à la personne nommée comme vérificateur
verification-failure-verification-pack_mismatch = le dossier fourni n'est pas celui que nomme la déclaration
verification-passed-verification-well_formed = l'enveloppe et la déclaration sont bien formées
verification-passed-verification-signatures_verified = chaque signature d'une clé de vérificateur de votre magasin de clés se vérifie
verification-passed-verification-signer_is_verified_by = la personne nommée comme vérificateur l'a signé
verification-passed-verification-pack_matches = le dossier fourni est celui que nomme la déclaration
verification-not-counting-key_unknown = la clé n'est pas dans votre magasin de clés
verification-not-counting-role_missing = la clé n'a pas le rôle verifier
verification-not-counting-not_valid_at_verified_at = la clé n'était pas valide (période ou révocation) au moment de la vérification
verification-signature-verified = signature { $keyid } ({ $owner }) : vérifiée
verification-signature-invalid = signature { $keyid } ({ $owner }) : NE se vérifie PAS
verification-signature-not-counting = signature { $keyid } : non comptée, { $why }
verification-statement-pack = Dossier : SHA-256 { $sha256 }, dossier { $pack }, locataire { $tenant }, demande { $request }
verification-statement-found = Constat : { $verdict } ; codes : { $codes }
verification-statement-by = Vérifié le { $at } par { $by } avec { $verifier } ; magasin de confiance SHA-256 { $trust }
verification-pack-matches = Le dossier fourni (SHA-256 { $sha256 }) est celui qui est nommé.
verification-pack-differs = Le dossier fourni (SHA-256 { $sha256 }) N'est PAS celui qui est nommé.
verification-today = Vérifié à nouveau aujourd'hui : { $verdict } ; codes : { $codes } (verdict { $same_verdict }, codes { $same_codes }, magasin de confiance { $same_trust })
verification-same = identique
verification-different = différent
verification-signed = { $file } écrit : { $verdict }, signé par { $owner } (clé { $key_id }).
verification-countersigned = { $file } écrit : contresigné par { $owner } (clé { $key_id }).
code-register-supersedes_mismatch =
    .meaning = Un paquet de suivi désigne un paquet antérieur qui ne lui correspond pas : autre identifiant de paquet, autre demande, personne concernée, base légale ou date de réception, ou un paquet antérieur signé au plus tôt en même temps que le suivi.
    .why = La chaîne de paquets de cette demande est rompue ou se contredit ; le registre ne peut dire quel paquet est la parole actuelle du responsable du traitement. Le lien est ignoré et la demande est traitée comme invalide.
    .ask = Demandez au responsable du traitement quel paquet remplace lequel, et un paquet de suivi qui désigne exactement le fichier et l'identité du paquet antérieur.

code-register-superseded_twice =
    .meaning = Deux paquets ou plus déclarent chacun remplacer le même paquet antérieur.
    .why = Une demande ne peut avoir qu'une version suivante ; deux remplacements d'un même paquet se contredisent, aucun lien n'est donc accepté et la demande est traitée comme invalide.
    .ask = Demandez au responsable du traitement lequel de ces paquets est le vrai suivi, et pourquoi un autre paquet prétend aussi remplacer le paquet antérieur.

code-register-log_fork =
    .meaning = Deux paquets montrent le même journal d'audit avec deux historiques différents : la même taille de journal avec des contenus différents, ou le même numéro d'entrée avec des entrées différentes.
    .why = Un journal en ajout seul ne peut avoir qu'un historique. La clé du journal en a signé deux, aucun de ses points de contrôle n'est donc fiable ; chaque paquet qui en contient un est traité comme invalide.
    .ask = Demandez au responsable du traitement et à l'opérateur du journal d'expliquer les deux historiques, lequel est authentique, et si la clé du journal est compromise.

code-register-supersedes_unknown =
    .meaning = Un paquet de suivi désigne un paquet antérieur qui ne figure pas parmi les paquets dont vous disposez.
    .why = Ce n'est qu'un avertissement : le paquet antérieur ne vous a peut-être simplement pas été envoyé, mais la chaîne de cette demande ne peut être vérifiée sans lui.
    .ask = Demandez au responsable du traitement le paquet antérieur que celui-ci remplace, afin de vérifier toute la chaîne.

code-register-competing_packs =
    .meaning = Une même demande a plus d'un paquet actuel : aucun ne remplace les autres.
    .why = Ce n'est qu'un avertissement, mais le responsable du traitement a donné deux récits actuels du même effacement, qui peuvent dire des choses différentes.
    .ask = Demandez au responsable du traitement quel paquet est actuel, et un paquet de suivi qui désigne le paquet qu'il remplace.

code-register-overdue =
    .meaning = Un paquet encore actuel pour sa demande annonce une action pour une date désormais passée, et aucun paquet ultérieur ne montre qu'elle a été faite.
    .why = Ce n'est qu'un avertissement en soi, mais le responsable du traitement a promis une étape, la confirmation d'un sous-traitant ou la fin d'un report pour cette date, et rien ne montre que la promesse a été tenue.
    .ask = Demandez au responsable du traitement un paquet de suivi montrant l'action faite, ou la raison pour laquelle elle est encore ouverte.

code-register-duplicate_file =
    .meaning = Deux fichiers ou plus que vous avez fournis ont exactement les mêmes octets : ils forment un seul paquet.
    .why = Ce n'est qu'un avertissement : une copie n'apporte aucune preuve, et la compter deux fois surestimerait ce qui a été reçu.
    .ask = Rien à demander au responsable du traitement ; gardez une seule copie du fichier.

## Each finding's one-line message (le `message` du §13, en français).
finding-findings-unlisted = { $count } autres constats de ce code dans les lignes de ce membre ne sont pas listés (les { $listed } premiers le sont)
finding-schema-member = membre `{ $name }` : { $why }
finding-schema-not-time = membre `{ $name }` : { $text } n'est pas une date-heure RFC 3339 avec décalage
finding-schema-expected-object = un objet JSON était attendu
finding-json-malformed = JSON mal formé : { $why }
finding-jsonl-blank-line = une ligne JSONL ne doit pas être vide ni contenir de \r
finding-jsonl-not-object = un enregistrement JSONL doit être un objet JSON
finding-why-missing = absent
finding-why-not-string = n'est pas une chaîne
finding-why-empty = vide
finding-why-not-boolean = n'est pas un booléen
finding-why-not-array = n'est pas un tableau
finding-why-not-string-array = n'est pas un tableau de chaînes
finding-why-not-count = n'est pas un compte (un entier de 0 à 2^53-1 sans signe, fraction ni exposant)
finding-why-not-hashes = doit être un tableau d'empreintes base64 de 32 octets
finding-why-not-object = n'est pas un objet
finding-why-not-base64 = n'est pas du base64 strict
finding-why-not-digests = doit être un tableau d'empreintes base64url de 32 octets
finding-why-never-exempt = l'étape audit_log n'est jamais exemptée
finding-why-needs-exemption = exige `legal_basis` et `justification` non vides
finding-why-not-member-name = n'est pas une chaîne désignant un membre du paquet
finding-why-not-signature = n'est pas du base64 strict de 64 octets
finding-why-header-first-only = le premier enregistrement, et lui seul, est l'en-tête
finding-why-not-time = n'est pas une date-heure RFC 3339 avec décalage
finding-why-not-one-of = { $value } n'est pas l'un de { $allowed }
finding-why-seq-not-index = vaut { $seq }, l'index de l'entrée est { $index }
finding-why-json-utf8 = UTF-8 invalide à l'octet { $offset }
finding-why-json-bom = marque d'ordre des octets à l'octet { $offset }
finding-why-json-syntax = erreur de syntaxe à l'octet { $offset }
finding-why-json-end = fin inattendue des données à l'octet { $offset }
finding-why-json-trailing = des caractères suivent la valeur à l'octet { $offset }
finding-why-json-duplicate = nom de membre répété à l'octet { $offset }
finding-why-json-surrogate = échappement d'un demi-codet isolé à l'octet { $offset }
finding-why-json-deep = imbrication de plus de 64 niveaux à l'octet { $offset }
finding-why-json-large = un document de 4 Gio ou plus à l'octet { $offset }
finding-why-note-control = la note contient un caractère de contrôle autre que le saut de ligne
finding-why-note-no-block = la note n'a pas de ligne vide avant un bloc de signatures
finding-why-note-no-signatures = la note n'a aucune ligne de signature
finding-why-note-unterminated = le bloc de signatures ne se termine pas par un saut de ligne
finding-why-note-too-many = la note a plus de { $max } lignes de signature
finding-why-note-not-signature-line = la ligne de signature { $line } ne commence pas par un tiret cadratin et une espace
finding-why-note-key-name = la ligne de signature { $line } a un nom de clé invalide
finding-why-note-base64 = la ligne de signature { $line } n'est pas du base64 strict
finding-why-note-short = la ligne de signature { $line } est plus courte qu'une empreinte de clé et une signature
finding-why-checkpoint-short = le checkpoint a moins de trois lignes
finding-why-checkpoint-origin = l'origine du checkpoint est vide
finding-why-checkpoint-size = la taille d'arbre du checkpoint n'est pas un u64 décimal canonique
finding-why-checkpoint-root = le hachage racine du checkpoint n'est pas du base64 de 32 octets
finding-why-checkpoint-extension = le checkpoint a une ligne d'extension vide
finding-why-checkpoint-key-unknown = aucune de ses lignes n'est de la clé audit_log du journal
finding-why-checkpoint-signature = une signature de la clé même du journal ne se vérifie pas
finding-why-cosignature-length = une cosignature fait { $length } octets, celle-ci { $got }
finding-why-cosignature-timestamp = l'horodatage de la cosignature { $timestamp } dépasse 2^63-1
finding-why-cosignature-signature = la cosignature ne se vérifie pas
finding-why-merkle-index = l'index de feuille { $index } est hors de l'arbre de taille { $tree_size }
finding-why-merkle-length = longueur de preuve erronée : { $expected } hachages attendus, { $got } reçus
finding-why-merkle-root = racine différente : attendue { $expected }, calculée { $got }
finding-why-merkle-root1 = première racine différente : attendue { $expected }, calculée { $got }
finding-why-merkle-root2 = seconde racine différente : attendue { $expected }, calculée { $got }
finding-why-merkle-equal-sizes = des arbres de même taille { $size } ont des racines différentes, { $root1 } et { $root2 }
finding-why-merkle-empty-first = la cohérence depuis un arbre vide (size1 = 0, size2 = { $size2 }) n'est pas acceptée
finding-why-merkle-size-order = size1 { $size1 } est plus grand que size2 { $size2 }
finding-why-merkle-non-empty = des arbres de même taille { $size } demandent une preuve vide, elle a { $got } hachages
finding-why-merkle-beyond = la taille d'arbre demandée { $requested } dépasse les { $available } feuilles disponibles
finding-why-envelope-not-object = l'enveloppe n'est pas un objet JSON
finding-why-missing-or-not-string = `{ $name }` est absent ou n'est pas une chaîne
finding-why-must-be = `{ $name }` doit valoir { $expected }
finding-why-not-strict-base64 = `{ $name }` n'est pas du base64 strict
finding-why-not-non-empty-array = `{ $name }` doit être un tableau non vide
finding-why-signature-not-object = une signature n'est pas un objet
finding-why-not-base64-of-64 = `{ $name }` n'est pas du base64 strict de 64 octets
finding-why-payload-not-json = la charge utile n'est pas du JSON bien formé : { $why }
finding-why-statement-not-object = la déclaration n'est pas un objet JSON
finding-why-not-confirmed = le `{ $name }` de la déclaration n'est pas confirmed
finding-why-not-rfc3339 = `{ $name }` n'est pas une date-heure RFC 3339
finding-why-needs-count = il faut un compte `{ $name }`
finding-why-non-empty-set-of = doit être un ensemble non vide de { $names }
finding-why-null-or-shape = doit être null ou { $shape }
finding-why-of-shape = doit être { $shape }
finding-why-array-of-shape = doit être un tableau de { $shape }
finding-why-files-entry-not-object = une entrée de files doit être un objet
finding-why-path-not-string = `path` doit être une chaîne
finding-why-listed-by-design = manifest.json et signature.sig ne doivent pas être listés
finding-why-sha256-not-hex = `sha256` doit être 64 chiffres hexadécimaux minuscules
finding-why-size-not-count = `size` doit être un compte
finding-attestation-unreadable = { $why }
finding-archive-gzip-corrupt = le flux gzip est corrompu, tronqué ou n'est pas du gzip
finding-archive-decompressed-too-large = le flux décompressé dépasse { $limit } octets
finding-archive-gzip-trailing = des octets suivent la fin du membre gzip
finding-archive-too-many-headers = plus de { $limit } en-têtes tar
finding-archive-tar-trailing = des octets non nuls suivent le marqueur de fin d'archive
finding-archive-member-too-large = un membre déclare { $size } octets, au-delà de la limite de { $limit }
finding-archive-duplicate-path = deux membres ont ce chemin
finding-archive-forbidden = interdit dans un paquet : { $kind } (typeflag { $typeflag })
finding-kind-hard-link = un lien physique
finding-kind-symlink = un lien symbolique
finding-kind-device = un périphérique
finding-kind-sized-directory = un répertoire avec une taille
finding-kind-fifo = une FIFO
finding-kind-contiguous = un fichier contigu
finding-kind-pax = un en-tête étendu pax
finding-kind-long-name = un enregistrement GNU de nom long
finding-kind-sparse = un fichier GNU creux
finding-kind-unknown = une entrée de type inconnu
finding-path-after-nul = des octets suivent le NUL qui termine un champ de chemin
finding-tar-no-end-marker = l'archive se termine sans son marqueur de fin d'archive
finding-tar-lone-zero-block = un bloc nul isolé n'est pas un marqueur de fin d'archive
finding-tar-not-ustar = l'en-tête n'est ni ustar ni GNU
finding-tar-checksum-not-number = la somme de contrôle de l'en-tête n'est pas un nombre
finding-tar-checksum-wrong = la somme de contrôle de l'en-tête est fausse
finding-tar-size-not-number = le champ de taille n'est pas un nombre
finding-path-not-utf8 = le chemin n'est pas en UTF-8
finding-path-empty = le chemin est vide
finding-path-too-long = le chemin dépasse 255 octets
finding-path-absolute = le chemin est absolu
finding-path-backslash = le chemin contient une barre oblique inverse ou un NUL
finding-path-dot-segment = le chemin a un segment vide, '.' ou '..'
finding-archive-missing-member = le membre obligatoire { $name } est absent
finding-manifest-all-clear-false = all_clear vaut true mais l'effacement n'est pas complet
finding-manifest-all-clear-understated = all_clear vaut false mais rien d'incomplet n'a été trouvé
finding-manifest-unsupported-format = `format` doit valoir { $format }
finding-manifest-listed-twice = { $path } est listé plus d'une fois
finding-manifest-file-missing = { $path } est listé mais absent de l'archive
finding-manifest-size-mismatch = la taille est de { $size } octets, le manifeste dit { $listed }
finding-manifest-hash-mismatch = le SHA-256 est { $actual }, le manifeste dit { $listed }
finding-manifest-unlisted = le membre n'est pas listé dans les fichiers du manifeste
finding-manifest-field-mismatch = { $name } vaut { $manifest } dans le manifeste mais { $request } dans request.json
finding-attestation-empty = l'attestation n'est pas un texte UTF-8 comportant au moins un caractère visible
finding-time-out-of-order = { $later } ({ $later_time }) est antérieur à { $earlier } ({ $earlier_time })
finding-signature-key-id-mismatch = signature.sig désigne la clé { $key }, le manifeste { $manifest_key }
finding-signature-invalid = la signature ne se vérifie pas sur manifest.json avec la clé du magasin de confiance
finding-trust-not-configured = aucun magasin de confiance n'a été fourni : le signataire ne peut pas être reconnu comme fiable
finding-trust-key-unknown = la clé { $key } n'est pas dans le magasin de confiance
finding-trust-role-missing = la clé { $key } n'a pas le rôle dpo
finding-trust-signer-mismatch = la clé appartient à { $owner }, pas au signataire
finding-trust-key-not-valid = la clé { $key } n'est pas valide à signed_at { $signed }
finding-trust-key-revoked = la clé { $key } a été révoquée le { $revoked }, avant la signature
finding-trust-key-revoked-later = la clé { $key } a été révoquée le { $revoked }, après le signed_at déclaré (la seule parole du signataire)
finding-trust-key-revoked-before-seal = la clé { $key } a été révoquée le { $revoked } ; le sceau ne prouve la signature qu'au { $sealed }, pas avant
finding-sod-signer-is-runner = l'ingénieur qui a exécuté la cascade signe aussi la preuve
finding-request-not-pseudonymous = subject_id n'est pas `sub_` suivi de 64 chiffres hexadécimaux minuscules : la preuve peut porter l'identifiant brut
finding-sla-extension-malformed = la prolongation est mal formée et n'est pas prise en compte pour l'échéance
finding-sla-deadline-overstated = sla_deadline { $deadline } n'est pas antérieure à la fin du premier délai, { $first_period }
finding-sla-no-extension-allowed = { $basis } ne permet aucune prolongation ; elle n'est pas prise en compte pour l'échéance
finding-sla-extension-out-of-time = la prolongation doit être notifiée dans le premier délai et finir dans le délai total ; elle n'est pas prise en compte
finding-sla-breached = terminé le { $completed }, à l'échéance effective { $deadline } ou après
finding-steps-residue-after-ok = l'étape { $step } est ok avec after_count { $after }
finding-steps-silent-failure = l'étape { $step } a échoué sans ouvrir d'exception
finding-steps-failed = l'étape { $step } a échoué
finding-steps-pending = l'étape { $step } est en attente
finding-steps-pending-due = l'étape { $step } est en attente (prévue le { $due })
finding-steps-deferred = l'étape { $step } est différée jusqu'à l'expiration d'un TTL
finding-steps-deferred-at = l'étape { $step } est différée jusqu'à l'expiration d'un TTL (le { $expires })
finding-steps-exempt = l'étape { $step } est exemptée sur une base légale documentée
finding-steps-replication-not-drained = episodic : output.replication_lag_drained n'est pas true
finding-steps-vectors-not-purged = vectors : purge vaut { $purge } ; le retrait du seul index de service n'est pas un effacement
finding-steps-lineage-missing = fine_tune : output.models ne liste pas les versions de modèle concernées
finding-steps-model-entry-incomplete = fine_tune : une entrée de modèle n'a pas de model_id, d'action connue ou de ce que son action exige
finding-steps-model-suppressed = fine_tune : un modèle est seulement supprimé de l'affichage, une mesure provisoire
finding-steps-wrong-seq = l'étape { $step } doit avoir seq { $seq }
finding-steps-not-ascending = les enregistrements ne sont pas en seq croissant
finding-steps-twice = l'étape { $step } apparaît deux fois
finding-purge-absent = absent
finding-steps-backup-not-object = une sauvegarde doit être un objet JSON
finding-steps-missing = aucun enregistrement pour l'étape obligatoire { $step }
finding-steps-backup-live = étape { $step } : la sauvegarde { $name } est active : les données sont encore dans une copie en service
finding-steps-backup-unsuppressed = étape { $step } : la sauvegarde { $name } est hors d'usage, mais une restauration ne réappliquerait pas l'effacement
finding-probes-residue =
    la sonde { $name } a trouvé { $count ->
        [one] { $count } enregistrement qui devrait avoir disparu
       *[other] { $count } enregistrements qui devraient avoir disparu
    }
finding-probes-unredacted-pii =
    la sonde du journal d'audit a trouvé { $count ->
        [one] { $count } champ de données personnelles non masqué
       *[other] { $count } champs de données personnelles non masqués
    }
finding-probes-all-clear-inconsistent = all_clear vaut { $claim } mais les comptes des sondes disent { $clear }
finding-probes-missing = aucune sonde pour { $name }
finding-probes-audit-mismatch = la sonde signale { $claimed } champs de données personnelles non masqués, le témoin d'audit en montre { $computed }
finding-probes-same-code-path = les sondes ont exécuté le propre code de la cascade ({ $code_ref }, comme l'étape { $step })
finding-receipts-confirmed-before-requested = confirmed_at est antérieur à requested_at
finding-receipts-unattested = l'effacement chez { $who } ne repose que sur la parole du responsable : aucun accusé ne porte la signature vérifiée du sous-traitant
finding-receipts-missing = aucun accusé pour le sous-traitant { $name }
finding-receipts-unlisted = { $name } ne figure pas parmi les sous-traitants du manifeste
finding-receipts-not-api = l'accusé de { $who } est arrivé par { $channel }, pas par l'API
finding-receipts-no-ticket = l'accusé de { $who } n'a pas d'identifiant de ticket
finding-receipts-pending = la suppression chez { $who } est en attente
finding-receipts-pending-due = la suppression chez { $who } est en attente (prévue le { $due })
finding-receipts-failed = la suppression chez { $who } a échoué
finding-audit-pii-disclosed =
    l'entrée { $index } divulgue encore { $count ->
        [one] { $count } champ de données personnelles
       *[other] { $count } champs de données personnelles
    }
finding-audit-origin-mismatch = l'origine de checkpoint { $origin } n'est pas log_origin
finding-audit-checkpoint-key-unknown = aucune signature par la clé audit_log du magasin de confiance pour le journal { $origin }
finding-audit-checkpoint-signature-invalid = une signature par la propre clé du journal ne se vérifie pas
finding-audit-disclosure-not-base64 = une divulgation n'est pas du base64url strict
finding-audit-disclosure-shape = une divulgation doit être [salt, field_name, value]
finding-audit-disclosure-unmatched = l'empreinte de la divulgation de { $field } n'est pas dans le _sd de la feuille
finding-audit-redaction-no-entry = le masquage désigne l'index { $index }, qui n'est pas une entrée du témoin
finding-audit-redaction-still-there = le champ { $field } de l'entrée { $index } est enregistré comme masqué mais est toujours là
finding-audit-consistency-failed = l'arbre d'avant n'est pas prouvé préfixe de l'arbre d'après : { $why }
finding-audit-inclusion-failed = la feuille { $index } n'est pas prouvée dans l'arbre d'après : { $why }
finding-audit-checkpoint-malformed = pas un checkpoint signé : { $why }
finding-audit-leaf-not-json = la feuille n'est pas du JSON bien formé : { $why }
finding-audit-disclosure-not-json = la divulgation n'est pas du JSON bien formé : { $why }
finding-audit-step-not-logged = l'étape { $step } ({ $status }) n'est pas dans le journal d'audit
finding-audit-request-not-logged = aucune entrée { $event } pour { $request } dans le journal d'audit
finding-cosignature-invalid = la cosignature du témoin { $witness } : { $why }
finding-cosigned-before-signing = le témoin { $witness } a cosigné le { $at }, avant le signed_at du manifeste
finding-cosigned-after-signing = le témoin { $witness } a cosigné le { $at }, après le signed_at du manifeste
finding-witness-quorum-not-met =
    { $counted ->
        [one] { $counted } témoin compte
       *[other] { $counted } témoins comptent
    } sur checkpoint_after ; la politique en exige { $quorum }
finding-attestation-no-member = `attestation` désigne { $path }, qui n'est pas un membre du paquet
finding-attestation-too-large = une attestation de { $size } octets (ce vérificateur en lit au plus { $limit })
finding-attestation-differs = la déclaration signée diffère de l'accusé sur { $fields }
finding-attestation-signature-fails = la signature de { $keys } ne se vérifie pas
finding-attestation-unverified = aucune signature n'est d'une clé de sous-traitant de { $name } du magasin de confiance, valide au { $at }
finding-witnessed-after-deadline =
    terminé à temps selon l'horloge du responsable, mais { $k ->
        [one] { $k } témoin n'avait
       *[other] { $k } témoins n'avaient
    } vu le journal de la cascade qu'au { $seen }, à l'échéance effective { $deadline } ou après
finding-unwitnessed-late = la politique exige une heure attestée par les témoins avant l'échéance effective { $deadline } ; l'heure attestée n'est pas antérieure
finding-unwitnessed-too-few = la politique exige une heure attestée par les témoins avant l'échéance effective { $deadline } ; moins de { $k } témoin(s) comptent sur checkpoint_after
finding-provenance-header-first = le premier enregistrement doit être l'en-tête
finding-provenance-missing = des dérivés ont été demandés mais le paquet n'a pas de graphe de provenance
finding-provenance-unverifiable = l'index inverse est indisponible : l'effacement des dérivés ne peut pas être attesté
finding-provenance-obligation-open = une obligation est ouverte : une copie dérivée attend encore son effacement
finding-provenance-scope-not-registered = la portée { $scope } n'a pas d'enregistrement de portée
finding-provenance-scopes-omitted = la pierre tombale { $node } omet les portées de ses dérivés : { $scopes }
finding-provenance-scopes-omitted-more = la pierre tombale { $node } omet les portées de ses dérivés : { $scopes }, et { $more } de plus
finding-provenance-scopes-too-far = la pierre tombale { $node } omet les portées de ses dérivés : (non nommées : trop loin à parcourir)
finding-provenance-live = { $node } dérive de données effacées et est toujours actif
finding-provenance-deferred = { $node } dérive de données effacées et n'expire que plus tard
finding-provenance-undeclared-deferral = aucune obligation différée ne couvre { $node } jusqu'à son expiration
finding-signature-no-seal = la politique exige une signature scellée ; signature.sig n'a pas de sceau
finding-signature-no-sealed-time = la politique exige une signature scellée ; le sceau ne donne pas d'heure scellée
finding-seal-not-checkpoint = le checkpoint du sceau n'est pas un checkpoint signé : { $why }
finding-seal-other-log = le checkpoint du sceau est celui du journal { $origin }, pas du log_origin du paquet
finding-seal-checkpoint-fails = le checkpoint du sceau : { $why }
finding-seal-not-consistent = checkpoint_after n'est pas prouvé préfixe du checkpoint du sceau : { $why }
finding-seal-not-included = la feuille n'est pas prouvée à l'index { $index } du checkpoint du sceau : { $why }
finding-seal-leaf-differs = le { $name } de la feuille vaut { $in_leaf } ; celui de ce paquet vaut { $in_pack }
finding-register-duplicate-file = { $count } fichiers ont les mêmes octets que { $file } : un seul paquet
finding-register-supersedes-unknown = { $file } remplace { $sha256 }, qui n'est pas dans l'ensemble
finding-register-supersedes-mismatch = { $file } remplace { $earlier }, qui en diffère par { $fields } : le lien est nul
finding-register-superseded-twice = { $count } paquets remplacent { $file } : chacun de ces liens est nul
finding-register-fork-roots = le journal { $origin } montre deux racines pour la taille d'arbre { $size } : sa clé a signé deux historiques
finding-register-fork-leaves = le journal { $origin } montre deux feuilles à l'index { $index } : sa clé a signé deux historiques
finding-register-competing-packs = la demande { $request } a { $count } paquets qu'aucun paquet ne remplace
finding-register-overdue = { $kind } { $what } était dû le { $due }, avant as_of

## `proofpack register` : le tableau des demandes, les constats, les paquets.

register-title = Registre de { $packs } paquets en { $requests } demandes, au { $as_of }
register-status = statut : { $status }  (sortie { $exit })
register-requests = Demandes :
register-col-tenant = locataire
register-col-request = demande
register-col-status = statut
register-col-head = paquet de tête
register-col-open = éléments ouverts
register-col-file = fichier
register-col-verdict = verdict
register-col-superseded-by = remplacé par
register-overdue = EN RETARD
register-due = échéance { $due }
register-no-due = sans échéance
register-no-open-items = aucun
register-findings = Constats du registre :
register-no-findings = Aucun constat du registre.
register-packs = Paquets :
register-duplicates = mêmes octets que
register-unread = Fichiers illisibles :
register-manifest-unread = (manifeste illisible)
register-empty = Aucun paquet.
open-item-step = étape
open-item-receipt = accusé
open-item-obligation = obligation
open-item-artifact = artefact
open-item-deadline = délai

## `proofpack diff ANCIEN NOUVEAU`.

diff-old = ancien
diff-new = nouveau
diff-supersedes = NOUVEAU remplace ANCIEN : { $holds }
diff-supersedes-void = NOUVEAU désigne ANCIEN, mais le lien est nul : { $misfits }
diff-supersedes-not = NOUVEAU ne désigne pas ANCIEN dans supersedes.
diff-tiers = Niveaux modifiés :
diff-receipts = Accusés modifiés :
diff-closed = Éléments ouverts clos :
diff-opened = Éléments ouverts nouveaux :
diff-members-added = Membres ajoutés :
diff-members-removed = Membres retirés :
diff-members-changed = Membres modifiés :
diff-findings-added = Codes de constat ajoutés :
diff-findings-removed = Codes de constat retirés :
diff-none = (aucun)

## La page du portail des auditeurs.

portal-title = Portail des auditeurs ProofPack
portal-intro = Les dossiers de preuve d'effacement des locataires que votre jeton permet de lire, avec le verdict du vérificateur. Votre jeton reste dans la mémoire de cette page : il n'est envoyé qu'à ce serveur, et il est oublié à la fermeture de la page.
portal-token = Jeton d'accès
portal-show = Afficher mes dossiers
portal-forget = Oublier le jeton
portal-languages = Langue
portal-col-tenant = Locataire
portal-col-pack = Dossier
portal-col-request = Demande
portal-col-verdict = Verdict
portal-col-signed-at = Signé le
portal-col-file = Fichier
portal-col-sha256 = SHA-256
portal-col-download = Téléchargement
portal-previous = Précédent
portal-next = Suivant
portal-refused = Le jeton a été refusé (inconnu, expiré ou révoqué).
portal-retry = Ce dossier est encore en cours de vérification : réessayez dans { $seconds } s.
portal-server-status = Le serveur a répondu { $status }.
portal-loading = Chargement…
portal-verifying = vérification en cours…
portal-download-pack = Dossier
portal-download-html = Rapport (HTML)
portal-download-json = Rapport (JSON)
portal-page = page { $page } sur { $pages }
portal-total = { $total } dossier(s).
portal-forgotten = Jeton oublié.
portal-register-title = Registre
portal-register-intro = Les dossiers d'un locataire vérifiés ensemble (section 19 de la spécification) : chaque demande avec son statut, son dossier actuel et ce qui reste ouvert, et ce que les dossiers ne montrent qu'ensemble. Chaque dossier est vérifié à nouveau, ce qui peut prendre un moment.
portal-register-tenant = Locataire
portal-register-as-of = À la date du
portal-register-as-of-hint = L'instant auquel les éléments ouverts sont jugés : une heure RFC 3339 avec son décalage, par exemple 2026-12-01T00:00:00Z. Laissez vide pour les juger à l’instant présent.
portal-register-show = Afficher le registre
portal-register-loading = Vérification conjointe des dossiers du locataire…
portal-register-retry = Certains dossiers de ce locataire sont encore en cours de vérification : réessayez dans { $seconds } s.
portal-register-bad-as-of = « À la date du » n'est pas une heure RFC 3339 avec son décalage, comme 2026-12-01T00:00:00Z.
portal-register-summary = { $packs } dossier(s) dans { $requests } demande(s), au { $as_of }.
portal-register-empty = Ce locataire n'a aucun dossier, au { $as_of }.
portal-register-requests = Demandes
portal-register-col-request = Demande
portal-register-col-status = Statut
portal-register-col-head = Dossier actuel
portal-register-col-open = Éléments ouverts
portal-register-manifest-unread = (manifeste illisible)
portal-register-no-open-items = aucun
portal-register-due = échéance { $due }
portal-register-no-due = sans échéance
portal-register-overdue = EN RETARD
portal-register-findings = Constats du registre
portal-register-no-findings = Aucun constat du registre.
portal-register-col-code = Code
portal-register-col-effect = Effet
portal-register-col-meaning = Signification
portal-register-col-detail = Détail (en anglais)
portal-register-col-packs = Dossiers

## Les mots propres à l'application de bureau (src-tauri, ui/).

ui-language = Langue
ui-modes = Mode
ui-mode-verify = Vérifier
ui-mode-author = Créer
ui-offline = Hors ligne : rien ne quitte cet ordinateur.
ui-side = Dossiers et magasin de confiance
ui-packs = Dossiers
ui-open-packs = Ouvrir des dossiers…
ui-pack-path = Chemin du dossier
ui-open = Ouvrir
ui-drop-hint = Ou déposez des dossiers { $code } sur la fenêtre.
ui-opened-packs = Dossiers ouverts
ui-trust-store = Magasin de confiance
ui-choose-trust = Choisir un magasin de confiance…
ui-trust-path = Chemin du magasin de confiance
ui-use = Utiliser
ui-forget-trust = Oublier le magasin mémorisé
ui-forget-page-trust = Ne plus utiliser ce magasin de confiance
ui-verifying-path = Vérification de { $path }…
ui-cancel = Annuler
ui-empty = Ouvrez un dossier de preuve pour le vérifier. Choisissez le magasin de confiance des clés du DPO et du journal d'audit qui vous a été remis : sans lui, un dossier est au mieux { $untrusted }.
ui-empty-untrusted = non fiable
ui-unverified-note = Le dossier est invalide : ce que montrent les panneaux, ce sont les affirmations du dossier lui-même, pas des faits vérifiés.
ui-panels = Panneaux du rapport
ui-tab-findings = Constats
ui-tab-tiers = Niveaux
ui-tab-sla = Délais
ui-tab-receipts = Accusés
ui-tab-audit = Journal d'audit
ui-tab-provenance = Provenance
ui-tab-contents = Contenu
ui-tab-trust = Confiance
ui-export = Exporter le rapport
ui-export-to = Exporter vers
ui-replace = Remplacer un fichier existant
ui-save-json = Enregistrer en JSON
ui-save-html = Enregistrer en HTML
ui-save-as = Enregistrer sous…
ui-author-heading = Créer et signer un dossier
ui-author-hint = ProofPack contrôle les éléments de preuve exactement comme { $code } et refuse de signer un dossier qui ne tient pas.
ui-evidence-folder = Répertoire des éléments de preuve
ui-browse = Parcourir…
ui-load = Charger
ui-dpo-key = Clé privée du DPO (PKCS#8 PEM)
ui-recipients-trust = Magasin de confiance des destinataires
ui-accept-incomplete = Accepter incomplet ou en retard : signer un relevé honnête des obligations en suspens ({ $flag })
ui-accept-uncorroborated = Accepter sans corroboration : signer bien que le quorum de témoins ou les accusés signés exigés par le magasin de confiance ne soient pas atteints ; le dossier l'enregistre ({ $flag })
ui-attestation-field = Attestation ({ $file } ; enregistrée dans le répertoire à la signature)
ui-check = Contrôler avant de signer
ui-sign-save = Signer et enregistrer
ui-save-pack-to = Enregistrer le dossier signé sous
ui-entry-heading = Entrée du magasin de confiance pour les destinataires
ui-entry-hint = Remettez cette entrée à ceux qui vérifient vos dossiers : c'est la moitié publique de votre clé, en tant que clé { $role } du signataire.
ui-copy-entry = Copier l'entrée

ui-next-trust-remembered = Les dossiers que vous ouvrirez seront vérifiés avec le magasin de confiance mémorisé :
ui-next-trust-command-line = Les dossiers que vous ouvrirez seront vérifiés avec le magasin de confiance de la ligne de commande (pour cette session seulement) :
ui-next-trust-none = Aucun magasin de confiance : les dossiers ouverts ici sont au mieux non fiables.
ui-next-trust-page = Les dossiers que vous ouvrirez seront vérifiés avec le magasin de confiance choisi dans cette page (non mémorisé : choisissez-le à nouveau après avoir rechargé la page) :
ui-trust-keys = { $keys } clés · modifié le { $modified }
ui-trust-sha256 = sha256 { $sha256 }
ui-pack-trust = magasin de confiance { $file }
ui-pack-no-trust = sans magasin de confiance
ui-close = Fermer
ui-close-pack = Fermer { $path }
ui-badge-error = erreur

ui-error-read = Impossible de lire { $path } : { $message }
ui-error-trust-store = Le magasin de confiance { $path } est inutilisable : { $message }
ui-error-cancelled = La vérification a été annulée.
ui-error-exists = { $path } existe. Cochez « { $replace } » pour le remplacer ; rien n'a été écrit.
ui-error-write = Impossible d'écrire { $path } : { $message }
ui-error-internal = Erreur interne du vérificateur (aucun verdict n'est rendu) : { $message }
ui-error-unknown-report = Ce rapport n'est plus conservé (seuls les plus récents le sont) : rouvrez le dossier pour l'exporter.

ui-verdict-exit = { $verdict } (code de sortie { $exit })
ui-which-trust = { $path } · magasin de confiance { $trust }
ui-which-no-trust = { $path } · sans magasin de confiance
ui-none = Aucun.
ui-yes = oui
ui-no = non

ui-pack-heading = Le dossier
ui-pack-pack = Dossier
ui-pack-request = Demande
ui-pack-tenant = Locataire
ui-pack-legal-basis = Base juridique
ui-pack-cascade-runner = Cascade exécutée par
ui-pack-signed-by = Signé par
ui-pack-signed-by-value = { $signer } le { $at }
ui-pack-signing-key = Clé de signature
ui-pack-signing-key-value = { $key_id } · { $fingerprint }
ui-pack-key-not-trusted = absente du magasin de confiance
ui-pack-signature = Signature
ui-pack-signature-verified = vérifiée avec la clé du magasin de confiance
ui-pack-signature-not-verified = NON vérifiée
ui-pack-all-clear-value = déclaré { $claimed } ; recalculé { $recomputed }
ui-passed = Contrôles réussis ({ $count })
ui-findings = Constats ({ $count })
ui-finding-at = à { $location }
ui-finding-meaning = Ce que cela signifie
ui-finding-why = Pourquoi c'est important
ui-finding-ask = Ce qu'il faut demander
ui-finding-fix = Ce qu'il faut corriger

ui-tiers-heading = Niveaux de la cascade
ui-tiers-tier = Niveau
ui-tiers-requested = Demandé
ui-tiers-status = État
ui-tiers-counts = Avant → après
ui-tiers-residue = Résidu
ui-tiers-evidence = Éléments de preuve
ui-backups = Sauvegardes ({ $count })
ui-backups-none = Aucune étape ne déclare de sauvegarde de son niveau.
ui-backups-backup = Sauvegarde
ui-backups-state = État
ui-backups-kept-until = Conservée jusqu'au
ui-backups-restore = Une restauration
ui-backups-restore-suppressed = réapplique l'effacement
ui-backups-restore-unsuppressed = ramènerait les données

ui-sla-heading = Délais
ui-sla-picture = Chronologie du SLA : réception, échéances, achèvement, heure attestée, marge
ui-sla-rule = Règle : { $rule }
ui-sla-received = Reçue le
ui-sla-base = Fin du premier délai
ui-sla-max = Fin du délai prolongé
ui-sla-statutory = Échéance légale
ui-sla-extended = { $deadline } (prolongée)
ui-sla-declared = Échéance déclarée
ui-sla-effective = Échéance effective
ui-sla-completed = Achevée le
ui-sla-margin = Marge
ui-sla-witnessed = Heure attestée
ui-sla-witnessed-before = Les témoins avaient vu le journal de la cascade avant l'échéance effective : d'autres horloges que celle du responsable corroborent l'achèvement.
ui-sla-witnessed-after = Les témoins n'ont vu le journal de la cascade qu'à l'échéance effective ou après : aucun témoin ne corrobore un achèvement antérieur, quoi que dise l'horloge du responsable.
ui-sla-witnessed-none = Sans heure attestée, l'heure d'achèvement de la cascade ne repose que sur la parole du responsable : aucune horloge de témoin ne la corrobore.
ui-sla-witnessed-no-deadline = Il n'y a pas d'échéance effective à laquelle comparer l'heure attestée.

ui-pages = Pages
ui-previous = ‹ Précédent
ui-next = Suivant ›
ui-page = page { $page } sur { $pages } ({ $total } lignes)

ui-receipts-heading = Accusés des sous-traitants ({ $count })
ui-receipts-statuses = états
ui-receipts-channels = canaux
ui-receipts-all-statuses = tous les états
ui-receipts-all-channels = tous les canaux
ui-receipts-no-value = (aucun)
ui-receipts-line = Ligne
ui-receipts-subprocessor = Sous-traitant
ui-receipts-channel = Canal
ui-receipts-status = État
ui-receipts-when = Confirmé / échéance
ui-receipts-ticket = Ticket
ui-receipts-erased = Effacé par le sous-traitant
ui-receipts-signature = Signature du sous-traitant
ui-receipts-due = échéance { $at }
ui-receipts-was-erased = effacé
ui-receipts-not-erased = non effacé

ui-audit-heading = Témoin du journal d'audit
ui-audit-origin = Journal (origine des points de contrôle)
ui-audit-tree-size = Taille de l'arbre
ui-audit-checkpoints = Points de contrôle
ui-audit-checkpoints-verified = vérifiés avec la clé du journal
ui-audit-not-verified = NON vérifiés
ui-audit-consistency = Cohérence
ui-audit-proved = prouvée
ui-audit-not-proved = NON prouvée
ui-audit-entries-proved = Entrées prouvées
ui-audit-entries-proved-value = { $proved } sur { $entries }
ui-audit-disclosures = Divulgations
ui-audit-pii = Champs de données personnelles divulgués
ui-audit-redactions = Enregistrements de caviardage
ui-witnesses-heading = Témoins
ui-witnesses-quorum = Témoins distincts comptés sur le point de contrôle final : { $counted } ; la politique du magasin de confiance en exige { $quorum } ({ $met }).
ui-witnesses-met = atteint
ui-witnesses-not-met = non atteint
ui-witnesses-none = Aucun point de contrôle ne porte de cosignature d'un témoin du magasin de confiance.
ui-witnesses-checkpoint = Point de contrôle
ui-witnesses-witness = Témoin
ui-witnesses-operator = Opérateur
ui-witnesses-at = Cosigné le
ui-witnesses-counts = Compte
ui-witnesses-after = final
ui-witnesses-before = initial
ui-witnesses-counted = compte
ui-witnesses-not-counted = ne compte pas : { $why }
ui-witnesses-seal = scellé

ui-provenance-heading = Graphe de provenance
ui-provenance-none = Le dossier ne contient pas de graphe de provenance.
ui-provenance-picture = Graphe de provenance : pierres tombales, artefacts dérivés par état, obligations en suspens
ui-provenance-omitted = { $omitted } enregistrements ne sont pas dessinés ; les totaux ci-dessous les comprennent.
ui-provenance-version = Version du graphe
ui-provenance-reverse-index = Index inverse
ui-provenance-scopes = Périmètres
ui-provenance-tombstones = Pierres tombales
ui-provenance-artifacts = Artefacts dérivés
ui-provenance-artifacts-value = { $artifacts } ({ $reachable } atteignables depuis des données effacées : { $live } actifs, { $expiring } en cours d'expiration)
ui-provenance-obligations = Obligations en suspens
ui-artifacts-heading = Artefacts dérivés ({ $count })
ui-artifacts-line = Ligne
ui-artifacts-scope = Portée
ui-artifacts-key = Clé
ui-artifacts-state = État
ui-artifacts-expires = Expire
ui-artifacts-sources = Dérivé de
ui-artifacts-reachable = Issu de données effacées
ui-artifacts-filter-state = États
ui-artifacts-all-states = tous les états
ui-artifacts-filter-reach = Atteignabilité
ui-artifacts-all-reach = tous les artefacts
ui-artifacts-reached = atteignables depuis des données effacées
ui-artifacts-not-reached = non atteignables
ui-artifacts-omitted = { $omitted } autres artefacts n’ont pas de ligne ici (le rapport en liste au plus { $listed }) ; les totaux ci-dessus les comptent.

ui-members = Membres ({ $count })
ui-members-path = Chemin
ui-members-size = Taille
ui-members-sha256 = SHA-256
ui-members-listing = Dans le manifeste
ui-attestation = Attestation
ui-attestation-absent = (absente, ou pas du texte UTF-8)

ui-trust-heading = Magasin de confiance utilisé
ui-trust-none = Aucun : aucun magasin de confiance n'a servi pour ce dossier, il est donc au mieux non fiable.
ui-trust-path-label = Chemin
ui-trust-sha256-label = SHA-256
ui-trust-keys-label = Clés
ui-trust-modified = Modifié le
ui-trust-quorum = Quorum de témoins
ui-trust-quorum-value = nombre minimal de témoins distincts devant cosigner le journal d'audit : { $quorum }
ui-trust-signed-receipts = Accusés signés
ui-trust-signed-receipts-required = exigés : l'effacement d'un sous-traitant requiert sa propre signature
ui-trust-signed-receipts-not-required = non exigés
ui-trust-witnessed-deadline = Échéance attestée
ui-trust-witnessed-deadline-required = exigée : un achèvement dans les délais requiert une heure attestée avant l'échéance
ui-trust-witnessed-deadline-not-required = non exigée
ui-trust-sealed-signature = Signature scellée
ui-trust-sealed-signature-required = exigée : la signature du paquet doit être scellée par les témoins
ui-trust-sealed-signature-not-required = non exigée
ui-seal-heading = Scellé de la signature
ui-seal-none = La signature n'est pas scellée : le moment où elle a été faite ne repose que sur la parole du signataire.
ui-seal-meaning = À l'heure de scellement, les témoins avaient vu cette signature journalisée : elle reste valable même si sa clé est révoquée ensuite.
ui-seal-holds = Scellé
ui-seal-holds-yes = valable
ui-seal-holds-no = NON valable
ui-seal-sealed-time = Heure de scellement
ui-seal-sealed-time-not-held = aucune : le scellé n'est pas valable
ui-seal-sealed-time-too-few = aucune : moins de { $k } témoin(s) comptent sur le point de contrôle du scellé
ui-seal-checkpoint = Taille de l'arbre du point de contrôle
ui-seal-entry = Index de l'entrée
ui-seal-witnesses-heading = Cosignatures du point de contrôle du scellé
ui-seal-witnesses-none = Aucun témoin du magasin de confiance n'a cosigné le point de contrôle du scellé.
ui-trust-key-id = Identifiant de clé
ui-trust-owner = Titulaire
ui-trust-roles = Rôles
ui-trust-valid-from = Valide du
ui-trust-valid-to = Valide jusqu'au
ui-trust-revoked = Révoquée
ui-trust-fingerprint = Empreinte
ui-trust-unbounded = sans limite

ui-export-no-path = Indiquez un fichier vers lequel exporter.
ui-export-saved = { $format } enregistré dans { $path }.

ui-author-pack = Dossier
ui-author-signer = Signataire
ui-author-cascade-runner = Cascade exécutée par
ui-author-key-id = Identifiant de la clé de signature
ui-author-subprocessors = Sous-traitants
ui-author-members = Membres
ui-author-ready = serait vérifié comme { $verdict } : prêt à signer
ui-author-refused = serait vérifié comme { $verdict } : refusé
ui-author-no-out = Indiquez un fichier où enregistrer le dossier.
ui-author-signed = { $path } signé et enregistré (sha256 { $sha256 }) ; il est vérifié comme { $verdict }.
ui-author-refused-nothing-written = Refusé : rien n'a été écrit.

# Mode Registre (§19) : de nombreux dossiers vérifiés ensemble.
ui-mode-register = Registre
ui-register-heading = Registre de nombreux dossiers
ui-register-hint = Chaque dossier est vérifié seul avec le magasin de confiance, puis les dossiers ensemble, comme le fait { $code } : quel dossier fait suite à quel autre, dossiers concurrents, fourches du journal, et éléments ouverts en retard à l'instant choisi.
ui-register-path = Répertoire de dossiers
ui-register-pick-packs = Choisir des dossiers…
ui-register-as-of = Juger les éléments ouverts au (RFC 3339 ; vide : maintenant)
ui-register-run = Établir le registre
ui-register-no-path = Indiquez un répertoire de dossiers, ou choisissez des dossiers.
ui-register-trust = Chaque dossier est vérifié avec le magasin de confiance { $path }.
ui-register-no-trust = Aucun magasin de confiance : un registre en exige un. Choisissez-le ici ou dans le mode Vérifier.
ui-register-listing = Recherche des dossiers…
ui-register-progress = Vérification du dossier { $done } sur { $total }…
ui-register-cancelled = Le registre a été annulé.
ui-register-empty-status = aucune demande
ui-register-counts = { $packs } dossiers en { $requests } demandes, éléments ouverts jugés au { $as_of } ; magasin de confiance { $trust }.
ui-register-requests = Demandes ({ $count })
ui-register-filter-status = Statuts
ui-register-all-statuses = tous les statuts
ui-register-filter-tenant = Locataires
ui-register-all-tenants = tous les locataires
ui-register-overdue-only = Seulement les demandes ayant des éléments en retard
ui-register-col-tenant = Locataire
ui-register-col-request = Demande
ui-register-col-status = Statut
ui-register-col-heads = Dossier de tête
ui-register-col-open = Éléments ouverts
ui-register-col-due = Prochaine échéance
ui-register-manifest-unread = (manifeste illisible)
ui-register-overdue = EN RETARD
ui-register-overdue-count = { $open } (dont { $overdue } en retard)
ui-register-no-open = aucun
ui-register-show-chain = Afficher les dossiers de la demande { $request }
ui-register-chain-heading = Demande { $request } du locataire { $tenant }
ui-register-chain-packs = Ses dossiers, chaque chaîne du plus ancien au plus récent
ui-register-head = tête : non remplacé
ui-register-superseded-by = REMPLACÉ par { $file }
ui-register-duplicates = mêmes octets que { $files }
ui-register-open-in-verify = Ouvrir dans le mode Vérifier
ui-register-open-items = Éléments ouverts de ses têtes ({ $count })
ui-register-item-kind = Type
ui-register-item-what = Objet
ui-register-item-due = Échéance
ui-register-item-pack = Indiqué par
ui-register-no-due = sans échéance
ui-register-findings-here = Constats du registre sur ces dossiers : { $codes }
ui-register-findings = Constats du registre ({ $count })
ui-register-no-findings = Aucun constat du registre.
ui-register-filter-code = Codes
ui-register-all-codes = tous les codes
ui-register-finding-packs = Sur les dossiers
ui-register-unread = Fichiers illisibles ({ $count })
ui-register-skipped = Entrées qui ne sont pas des paquets ({ $count })
ui-register-skip-not-pack = pas un fichier *.tar.gz
ui-register-skip-not-file = pas un fichier ordinaire
ui-register-skip-link = un lien symbolique (non suivi)
ui-register-export = Exporter le registre
ui-register-close-chain = Fermer les dossiers de cette demande
ui-save-csv = Enregistrer en CSV
ui-error-no-trust = Un registre exige un magasin de confiance : choisissez-en un d'abord.
ui-register-request-pages = Pages des demandes
ui-register-finding-pages = Pages des constats du registre
ui-vsign-heading = Signer la vérification
ui-vsign-hint = Signe ce qui est affiché ci-dessus, tel que vérifié, avec votre clé de vérificateur ; l'entrée de cette clé dans votre magasin de clés, avec le rôle verifier, vous désigne comme vérificateur.
ui-verifier-key = Clé privée de vérificateur (PKCS#8 PEM)
ui-verifier-keys = Magasin des clés de vérificateur
ui-vsign-out = Enregistrer la vérification signée dans
ui-vsign-sign = Signer et enregistrer la vérification
ui-vsign-missing = Indiquez la clé de vérificateur, le magasin de clés et un fichier où enregistrer.
ui-vsign-saved = { $path } enregistré : { $verdict }, signé par { $owner } (clé { $key_id }).
ui-vcheck-heading = Contrôler une vérification signée
ui-vcheck-hint = Ou déposez une vérification signée sur la fenêtre.
ui-vcheck-file = Vérification signée
ui-vcheck-compare = Comparer avec le pack affiché
ui-vcheck-check = Contrôler
ui-vcheck-missing = Indiquez la vérification signée et le magasin des clés de vérificateur.
ui-vcheck-holds = { $path } : authentique.
ui-vcheck-fails = { $path } : NON authentique, ou pas le pack affiché.
ui-error-verifier-not-in-store = Aucune entrée du magasin de clés ne contient la clé publique de cette clé : ajoutez-la au magasin avec le rôle verifier.
ui-error-verifier-role-missing = L'entrée de cette clé dans le magasin n'a pas le rôle verifier.
ui-error-verifier-ambiguous = Plusieurs entrées verifier du magasin contiennent cette clé : n'en gardez qu'une.
ui-error-verifier-not-valid = La clé n'est pas valide (sa période ou sa révocation) à l'heure de cette vérification.
ui-error-verifier-no-time = Le rapport ne dit pas quand le pack a été vérifié ; il ne peut pas être signé.
