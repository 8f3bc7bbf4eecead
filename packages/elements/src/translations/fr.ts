/**
 * French (France, Belgium, Switzerland, Luxembourg; `fr-CA` falls back to it too). Importing this module
 * registers it (English is built in): a page that speaks French imports it once, and a page that does
 * not ships none of it. Typed by `Messages`, so a key added to the English table and missing here is a
 * compile error.
 *
 * Register: formal “vous”, as French banking and payment screens use. Typography: a no-break space
 * (U+00A0) before a colon, inside « » and between a number and its unit (`{n} s`), a narrow no-break
 * space (U+202F) before ? ! ;, typographic apostrophes (’). The spaces are the characters themselves:
 * the translations test checks them.
 *
 * @example
 *   import '@paykit/elements/translations/fr';
 *   // <pay-otp-login lang="fr"> now speaks French; so does any `lang="fr"` ancestor
 */
import { registerMessages, type Messages } from '../shared/i18n.js';

/** The French table, registered as `fr` when this module is imported. */
export const fr: Messages = {
  'common.retry': 'Réessayer',
  'common.working': 'Traitement en cours…',

  'error.generic': 'Une erreur s’est produite. Veuillez réessayer.',
  'error.network': 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
  'error.timeout': 'Le serveur a mis trop de temps à répondre. Veuillez réessayer.',
  'error.rateLimited': 'Trop de tentatives, réessayez dans {n} s.',
  'error.rateLimitedNow': 'Trop de tentatives. Patientez un instant, puis réessayez.',
  'error.wrongCode': 'Ce code est incorrect.',
  'error.incompleteCode': 'Saisissez les {n} chiffres du code.',
  'error.locked': 'Ce compte est bloqué après trop de tentatives. Contactez le support pour le débloquer.',
  'error.noClient': 'Ce formulaire n’est relié à aucun client de portefeuille.',
  'error.noSession': 'Connectez-vous d’abord.',
  'error.challengeExpired': 'La demande a expiré. Veuillez réessayer.',
  'error.bundleInvalid':
    'Nous n’avons pas pu vérifier la réponse du serveur, nous avons donc tout arrêté. Veuillez réessayer plus tard.',
  'error.decryption': 'Les données du portefeuille n’ont pas pu être déchiffrées. Veuillez réessayer.',
  'error.passkeyCancelled': 'La demande de clé d’accès a été annulée ou a expiré.',
  'error.passkeyUnsupported': 'Les clés d’accès ne sont pas disponibles dans ce navigateur.',
  'error.passkeyExists': 'Cette clé d’accès est déjà enregistrée.',
  'error.exportTimeout': 'L’export prend trop de temps. Veuillez réessayer plus tard.',
  'error.revealRejected':
    'Les données de la carte provenaient d’une adresse inattendue : elles n’ont donc pas été affichées.',
  'error.scaSession': 'Votre session sécurisée a pris fin. Reconnectez-vous pour confirmer.',
  'error.invalidArgument': 'Il manque à ce formulaire des informations nécessaires.',
  'error.reason': 'Détails : {reason}',

  'otp.intro.email': 'Nous allons envoyer un code à 6 chiffres à {destination}.',
  'otp.intro.emailAnon': 'Nous allons vous envoyer un code à 6 chiffres par e-mail.',
  'otp.intro.sms': 'Nous allons envoyer un code à 6 chiffres par SMS au {destination}.',
  'otp.intro.smsAnon': 'Nous allons vous envoyer un code à 6 chiffres par SMS.',
  'otp.send': 'Envoyer le code',
  'otp.sending': 'Envoi du code…',
  'otp.sent': 'Nous avons envoyé un code à {destination}.',
  'otp.sentAnon': 'Nous vous avons envoyé un code.',
  'otp.label': 'Code de vérification',
  'otp.hint': 'Saisissez le code à 6 chiffres. Vous pouvez le coller.',
  'otp.verify': 'Vérifier',
  'otp.verifying': 'Vérification de votre code…',
  'otp.resend': 'Renvoyer le code',
  'otp.resendIn': 'Renvoyer le code dans {n} s',
  'otp.signedIn': 'Connexion réussie.',

  'passkey.login': 'Se connecter avec une clé d’accès',
  'passkey.register': 'Créer une clé d’accès',
  'passkey.waiting': 'Suivez les instructions de votre navigateur ou de votre appareil…',
  'passkey.unsupported':
    'Les clés d’accès ne sont pas disponibles dans ce navigateur. Utilisez un autre moyen de connexion.',
  'passkey.autofillLabel': 'E-mail ou nom d’utilisateur',
  'passkey.registered': 'Clé d’accès créée. Vous pourrez l’utiliser pour vous connecter la prochaine fois.',
  'passkey.signedIn': 'Connexion réussie.',

  'export.warning':
    'Votre phrase de récupération donne un contrôle total sur votre portefeuille. Ne la communiquez jamais à personne, pas même au support.',
  'export.confirm': 'Je comprends que toute personne disposant de ces mots contrôle le portefeuille',
  'export.start': 'Exporter la phrase de récupération',
  'export.exporting': 'Préparation de votre phrase de récupération…',
  'export.processing': 'Préparation toujours en cours. Cela peut prendre un moment…',
  'export.progressLabel': 'Progression de l’export',
  'export.ready':
    'Votre phrase de récupération est prête. Elle reste masquée jusqu’à ce que vous appuyiez sur Afficher.',
  'export.gridLabel': 'Phrase de récupération, {n} mots',
  'export.hiddenWord': 'masqué',
  'export.reveal': 'Afficher',
  'export.hide': 'Masquer',
  'export.revealed': 'Phrase de récupération affichée. Assurez-vous que personne ne voit votre écran.',
  'export.concealed': 'Phrase de récupération masquée.',
  'export.copy': 'Copier',
  'export.copied': 'Copiée. Conservez-la en lieu sûr, puis effacez votre presse-papiers.',
  'export.copyFailed': 'Copie impossible. Affichez les mots et notez-les.',
  'export.close': 'Terminé',
  'export.hidesIn': 'Masquage automatique dans {n} s',
  'export.closed.closed': 'Votre phrase de récupération a été retirée de cette page.',
  'export.closed.timeout':
    'Par sécurité, votre phrase de récupération a été retirée de cette page au bout d’un moment.',
  'export.closed.hidden': 'Votre phrase de récupération a été retirée, car vous avez quitté la page.',
  'export.again': 'Recommencer',

  'card.show': 'Afficher les données de la carte',
  'card.hide': 'Masquer les données de la carte',
  'card.loading': 'Chargement des données de la carte…',
  'card.frameTitle': 'Numéro de carte, date d’expiration et code de sécurité',
  'card.shown': 'Données de la carte affichées. Elles seront masquées automatiquement.',
  'card.hidden.expired': 'Données de la carte masquées : le lien sécurisé a expiré.',
  'card.hidden.hidden': 'Données de la carte masquées, car vous avez quitté la page.',
  'card.hidden.closed': 'Données de la carte masquées.',

  'sca.title': 'Confirmez ce paiement',
  'sca.amount': 'Montant',
  'sca.payee': 'À',
  'sca.unknownPayee': 'Bénéficiaire',
  'sca.factor.legend': 'Confirmer avec',
  'sca.factor.SMS_OTP': 'Code par SMS',
  'sca.factor.PASSKEY': 'Clé d’accès',
  'sca.codeLabel': 'Code reçu par SMS',
  'sca.codeHint': 'Saisissez le code à 6 chiffres envoyé sur votre téléphone.',
  'sca.confirm': 'Confirmer le paiement',
  'sca.confirmPasskey': 'Confirmer avec une clé d’accès',
  'sca.confirming': 'Confirmation…',
  'sca.resend': 'Renvoyer le code',
  'sca.resendIn': 'Renvoyer le code dans {n} s',
  'sca.resent': 'Nous avons envoyé un nouveau code.',
  'sca.renewing': 'Renouvellement de votre session sécurisée, puis nouvel essai…',
  'sca.loginCodeLabel': 'Code pour vous reconnecter',
  'sca.loginHint':
    'Votre session sécurisée a pris fin. Saisissez le code à 6 chiffres que nous venons d’envoyer sur votre téléphone.',
  'sca.another': 'Une autre confirmation est nécessaire.',
  'sca.complete': 'Paiement confirmé.',
  'sca.locked': 'Votre compte est bloqué après trop de tentatives. Contactez le support pour le débloquer.',
  'sca.noQuote': 'Aucun paiement n’attend de confirmation.',
  'sca.noFactor':
    'Ce paiement ne peut pas être confirmé ici. Utilisez l’application depuis laquelle vous l’avez lancé.',

  'ownership.intro':
    'Prouvez que ce portefeuille vous appartient en signant un message avec celui-ci. La signature ne déplace aucun fonds.',
  'ownership.introLiveness': 'Prouvez que ce portefeuille vous appartient grâce à une courte vérification d’identité.',
  'ownership.start': 'Signer avec mon portefeuille',
  'ownership.startLiveness': 'Commencer la vérification d’identité',
  'ownership.signing': 'Approuvez la demande de signature dans votre portefeuille…',
  'ownership.verifying': 'Vérification de la signature…',
  'ownership.livenessOpen':
    'Terminez la vérification d’identité dans le nouvel onglet. Cette page se mettra à jour une fois l’opération terminée.',
  'ownership.openLiveness': 'Ouvrir la vérification d’identité',
  'ownership.verified': 'Votre portefeuille est vérifié.',
  'ownership.failed': 'Nous n’avons pas pu vérifier ce portefeuille. Recommencez pour réessayer.',
  'ownership.expired': 'La demande de vérification a expiré. Recommencez.',
  'ownership.again': 'Recommencer',
  'ownership.signFailed': 'Votre portefeuille n’a pas signé le message. Réessayez et approuvez la demande.',

  'terms.loading': 'Chargement des conditions…',
  'terms.linkText': 'Conditions d’utilisation',
  'terms.newTab': '(s’ouvre dans un nouvel onglet)',
  'terms.checkboxLabel': 'J’ai lu et j’accepte les',
  'terms.clickIntro': 'En sélectionnant Accepter, vous acceptez les',
  'terms.continue': 'Continuer',
  'terms.accept': 'Accepter',
  'terms.accepting': 'Enregistrement de votre acceptation…',
  'terms.accepted': 'Vous avez accepté les Conditions d’utilisation.',
  'terms.notice.unchecked': 'Cochez la case pour accepter les Conditions d’utilisation.',
  'terms.notice.updated': 'Les conditions ont été mises à jour. Veuillez consulter la nouvelle version.',

  'contact.loading': 'Vérification des informations à confirmer…',
  'contact.channel.email': 'Adresse e-mail',
  'contact.channel.phone': 'Numéro de téléphone',
  'contact.pending': 'Non vérifié',
  'contact.verified': 'Vérifié',
  'contact.intro.email': 'Nous allons vous envoyer un code à 6 chiffres par e-mail pour confirmer votre adresse.',
  'contact.intro.phone':
    'Nous allons vous envoyer un code à 6 chiffres par SMS pour confirmer votre numéro de téléphone.',
  'contact.sent.email': 'Nous avons envoyé un code à votre adresse e-mail.',
  'contact.sent.phone': 'Nous avons envoyé un code sur votre téléphone.',
  'contact.labelEmail': 'Code reçu par e-mail',
  'contact.labelPhone': 'Code reçu par SMS',
  'contact.hint': 'Saisissez le code à 6 chiffres. Vous pouvez le coller.',
  'contact.wrongCode': 'Ce code est incorrect ou a expiré. Vérifiez-le ou demandez-en un nouveau.',
  'contact.channelVerified': '{channel} : vérification réussie.',
  'contact.complete': 'Vos coordonnées sont vérifiées.',
  'contact.notRequired': 'Aucune vérification des coordonnées n’est nécessaire.',

  'account.type.EMAIL_OTP': 'Code par e-mail',
  'account.type.SMS_OTP': 'Code par SMS',
  'account.type.OAUTH': 'Fournisseur de connexion',
  'account.type.PASSKEY': 'Clé d’accès',
  'account.type.other': 'Autre moyen de connexion',

  'sessions.title': 'Appareils connectés',
  'sessions.loading': 'Chargement de vos sessions…',
  'sessions.thisDevice': 'Cet appareil',
  'sessions.created': 'Connexion le {time}',
  'sessions.expires': 'Active jusqu’au {time}',
  'sessions.renewedAt': 'renouvelée le {time}',
  'sessions.renewed': 'Votre session a été renouvelée. Elle est désormais active jusqu’au {time}.',
  'sessions.renew': 'Renouveler maintenant',
  'sessions.revoke': 'Déconnecter',
  'sessions.revokeLabel': 'Déconnecter la session du {time} ({type})',
  'sessions.revoked': 'Cette session est déconnectée.',
  'sessions.revokeOthers': 'Déconnecter tous les autres appareils',
  'sessions.revokedOthers': 'Tous les autres appareils sont déconnectés.',
  'sessions.none': 'Aucune autre session n’est ouverte.',
  'sessions.signOut': 'Se déconnecter de cet appareil',
  'sessions.signedOut': 'Cet appareil est déconnecté.',

  'authMethods.title': 'Moyens de connexion',
  'authMethods.loading': 'Chargement de vos moyens de connexion…',
  'authMethods.inUseBadge': 'Actif',
  'authMethods.created': 'Ajouté le {time}',
  'authMethods.remove': 'Supprimer',
  'authMethods.removeLabel': 'Supprimer {method}',
  'authMethods.confirmRemove': 'Supprimer {method} ? Vous ne pourrez plus l’utiliser pour vous connecter.',
  'authMethods.removed': 'Moyen de connexion supprimé : {method}.',
  'authMethods.cancel': 'Annuler',
  'authMethods.lastOne':
    'C’est votre seul moyen de connexion : il ne peut donc pas être supprimé. Ajoutez-en d’abord un autre.',
  'authMethods.inUse':
    'Votre session actuelle utilise ce moyen de connexion. Connectez-vous avec un autre moyen pour le supprimer.',
  'authMethods.add': 'Ajouter un moyen de connexion',
  'authMethods.codeHint': 'Saisissez le code à 6 chiffres envoyé à {destination}.',
  'authMethods.codeSent': 'Nous avons envoyé un code à {destination}.',
  'authMethods.verified': '{method} : vérification réussie. Votre session utilise désormais ce moyen de connexion.',
  'authMethods.added': 'Moyen de connexion ajouté : {method}.',
  'authMethods.phoneLabel': 'Numéro de mobile, avec l’indicatif du pays',
  'authMethods.phoneInvalid': 'Saisissez le numéro avec l’indicatif du pays, par exemple +33 6 12 34 56 78.',
  'authMethods.passkeyName': 'Nom de la clé d’accès',
  'authMethods.createPasskey': 'Créer une clé d’accès',

  'walletSettings.title': 'Paramètres du portefeuille',
  'walletSettings.loading': 'Chargement des paramètres de votre portefeuille…',
  'walletSettings.privacy': 'Portefeuille privé',
  'walletSettings.privacyHint':
    'Si cette option est activée, le solde et l’activité de votre portefeuille ne sont pas visibles publiquement.',
  'walletSettings.privateOn': 'Votre portefeuille est désormais privé.',
  'walletSettings.privateOff': 'Votre portefeuille n’est plus privé.',
  'walletSettings.keys': 'Paiements par carte',
  'walletSettings.keysHint':
    'Une carte a besoin d’une clé de dépense pour payer depuis ce portefeuille. La clé reste auprès du service de paiement.',
  'walletSettings.noKeys': 'Aucune carte ne peut encore payer depuis ce portefeuille.',
  'walletSettings.keyName': 'Clé de dépense de la carte',
  'walletSettings.keyCard': 'Pour la carte {card}',
  'walletSettings.active': 'Active',
  'walletSettings.pending': 'Non finalisée',
  'walletSettings.createKey': 'Autoriser cette carte à payer depuis mon portefeuille',
  'walletSettings.keyCreated': 'La carte peut désormais payer depuis votre portefeuille.',
  'walletSettings.revoke': 'Révoquer',
  'walletSettings.revokeLabel': 'Révoquer la clé de dépense de la carte {card}',
  'walletSettings.confirmRevoke': 'La carte ne pourra plus payer depuis votre portefeuille.',
  'walletSettings.keyRevoked': 'La carte ne peut plus payer depuis votre portefeuille.',

  'oauth.continueWith': 'Continuer avec {provider}',
  'oauth.waiting': 'Terminez la connexion avec {provider} dans la fenêtre qui s’est ouverte…',
  'oauth.redirecting': 'Redirection vers {provider}…',
  'oauth.signedIn': 'Connexion réussie.',
  'oauth.cancelled': 'La connexion a été annulée. Vous pouvez réessayer.',
  'oauth.stateMismatch': 'Cette réponse de connexion ne correspond pas à cette demande. Veuillez réessayer.',
  'oauth.providerError': 'Le fournisseur de connexion n’a pas pu vous connecter. Veuillez réessayer.',
  'oauth.rejected': 'Cette connexion n’a pas été acceptée. Veuillez réessayer.',
  'oauth.notConfigured': 'Cette option de connexion n’est pas configurée.',
};

registerMessages('fr', fr);
