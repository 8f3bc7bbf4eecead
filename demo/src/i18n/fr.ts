/** The demo page's own words in French: a no-break space before `:` and inside « », a narrow one before `?` `!` `;`. */
import type { DemoMessages } from './en.js';

export const fr: DemoMessages = {
  'shell.skip': 'Aller au contenu',
  'shell.brand': 'Paykit Wallet Bac à sable, accueil',
  'shell.sandbox': 'Bac à sable',
  'shell.nav': 'Étapes de la démo',
  'shell.walkthrough': 'Parcours',
  'shell.codes': 'Codes du bac à sable',
  'shell.gallery': 'Galerie\u00a0: chaque élément, chaque état',
  'shell.csp': 'CSP stricte · aucun script en ligne',
  'shell.cspBlocked': 'Requêtes bloquées par la CSP\u00a0: {count}',
  'shell.starting': 'Démarrage du portefeuille de test…',
  'shell.language': 'Langue',
  'shell.themeDark': 'Passer au thème sombre',
  'shell.themeLight': 'Passer au thème clair',
  'shell.noCustomer': 'Pas encore de client',
  'shell.balance': 'Solde',
  'shell.signedIn': 'Connecté',
  'shell.signedOut': 'Déconnecté',
  'shell.until': 'jusqu’à {time}',
  'shell.session': 'Session {id}',
  'shell.noSession': 'Aucune session de portefeuille',
  'shell.stepOf': 'Étape {n} sur {total}',
  'shell.done': 'fait',
  'shell.continue': 'Continuer',
  'shell.lockedCustomer': 'Créez d’abord un client',
  'shell.lockedCustomerText':
    'Cette étape utilise le portefeuille d’un client de test. Il faut quelques secondes pour en créer un.',
  'shell.lockedSession': 'Connectez-vous pour continuer',
  'shell.lockedSessionText':
    '«\u00a0{step}\u00a0» utilise votre session de portefeuille. Connectez-vous d’abord avec le code reçu par e-mail (ou votre clé d’accès).',
  'shell.createCustomer': 'Créer un client',
  'shell.goSignin': 'Aller à la connexion',
  'shell.how': 'Ce qui se passe en coulisses',
  'shell.bootError': 'La démo n’a pas pu démarrer',
  'shell.retry': 'Réessayer',
  'shell.signedInToast': 'Connecté',
  'shell.signedOutToast': 'Déconnecté. La clé de session a été supprimée de ce navigateur.',
  'codes.otpCode': 'Code de connexion (e-mail ou SMS)',
  'codes.contactCode': 'Code de vérification de l’e-mail et du téléphone',
  'codes.scaCode': 'Code d’approbation du paiement (SCA)',
  'error.offline': 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
  'error.rateLimited': 'Trop de tentatives. Patientez un instant, puis réessayez.',
  'error.generic': 'Un problème est survenu. Veuillez réessayer.',
  'fact.customer': 'Client',
  'fact.wallet': 'Portefeuille',
  'fact.embeddedWallet': 'Portefeuille intégré',
  'fact.method': 'Méthode de connexion',
  'fact.methodValue': 'Code envoyé à {email}',
  'fact.balance': 'Solde',
  'fact.email': 'E-mail',
  'fact.region': 'Région',
  'fact.passkeys': 'Clés d’accès',
  'fact.session': 'Session',
  'fact.expires': 'Expire',
  'fact.available': 'Disponible',
  'fact.card': 'Carte',
  'fact.state': 'État',
  'fact.type': 'Type',

  'customer.title': 'Créer un client',
  'customer.subtitle': 'Client et portefeuille de test',
  'customer.lead':
    'Votre serveur crée un client de test avec son identifiant de plateforme, qui n’atteint jamais cette page. Le client reçoit un portefeuille intégré, une connexion par e-mail et 5\u00a0000,00 à dépenser.',
  'customer.card': 'Nouveau client de test',
  'customer.email': 'E-mail',
  'customer.emailHint':
    'Le bac à sable n’envoie aucun e-mail\u00a0: le code est toujours affiché dans la barre latérale.',
  'customer.name': 'Nom complet (facultatif)',
  'customer.phone': 'Téléphone (facultatif)',
  'customer.phoneHint': 'Format international. Les clients de l’UE le confirment pendant l’inscription.',
  'customer.region': 'Région',
  'customer.kind': 'Client',
  'customer.individual': 'Une personne',
  'customer.business': 'Une entreprise (ajoute ses propriétaires au KYC)',
  'customer.scaEu': 'Les clients de l’UE confirment leurs paiements par authentification forte.',
  'customer.scaUs': 'Les clients américains paient sans étape de confirmation supplémentaire.',
  'customer.submit': 'Créer le client',
  'customer.invalidEmail': 'Saisissez une adresse e-mail valide.',
  'customer.created': 'Client créé avec un portefeuille {currency} approvisionné',
  'customer.inWalkthrough': 'Dans ce parcours',
  'customer.plan1': 'UE\u00a0: accepter les conditions, vérifier l’e-mail et le téléphone, vérifier l’identité',
  'customer.plan2': 'Entreprise\u00a0: ajouter les propriétaires et la personne qui la contrôle',
  'customer.plan3': 'Se connecter avec un code reçu par e-mail',
  'customer.plan4': 'Ajouter une clé d’accès et se connecter avec',
  'customer.plan5': 'Exporter la phrase de récupération',
  'customer.plan6': 'Émettre une carte et afficher son numéro',
  'customer.plan7': 'Payer, avec SCA pour les clients de l’UE, et voir l’activité',
  'customer.plan8': 'Prouver qu’un portefeuille externe est le vôtre, pour y retirer des fonds',
  'customer.plan9': 'Renouveler la clé de session, se déconnecter',
  'customer.returning': 'Déjà inscrit\u202f? Connectez-vous',
  'customer.sandboxCustomer': 'Client de test',
  'customer.businessBadge': 'Entreprise',
  'customer.sca': 'Authentification forte',
  'customer.noSca': 'Sans SCA',
  'customer.continueSignin': 'Continuer vers la connexion',
  'customer.startOver': 'Recommencer avec un nouveau client',
  'customer.signOut': 'Quitter la démo',
  'customer.unknownWallet': 'Ce portefeuille n’appartient à aucun client de cette démo\u00a0: créez-en un nouveau.',
  'customer.welcome': 'Bon retour, {name}',

  'terms.title': 'Conditions d’utilisation',
  'terms.subtitle': 'Inscription · accepter les conditions',
  'terms.lead':
    'Avant d’avoir un portefeuille ou une carte, le client accepte les conditions d’utilisation du service. L’élément renvoie à la version en vigueur et enregistre l’acceptation.',

  'contact.title': 'E-mail et téléphone',
  'contact.subtitle': 'Inscription · vérifier les coordonnées',
  'contact.lead':
    'Là où le prestataire du client l’exige (clients de l’UE), chaque adresse e-mail et numéro de téléphone est confirmé par un code avant le KYC. Le bac à sable n’envoie rien\u00a0: son code est toujours 123456.',

  'kyc.title': 'Vérifier l’identité',
  'kyc.subtitle': 'Inscription · KYC',
  'kyc.lead':
    'Le client vérifie son identité avec le parcours hébergé du prestataire, ou saisit ici ses informations et une photo de sa pièce d’identité. Les clients de l’UE de ce bac à sable commencent non vérifiés\u202f; les clients américains sont approuvés dès leur création.',
  'kyc.continue': 'Continuer vers votre portefeuille',

  'owners.title': 'Propriétaires de l’entreprise',
  'owners.subtitle': 'Inscription · KYB',
  'owners.lead':
    'Un client professionnel indique chaque personne qui détient 25\u00a0% ou plus de l’entreprise, et une personne qui la contrôle. Chacune est ensuite vérifiée comme tout client.',
  'owners.individual':
    'Ce client est une personne\u00a0: il n’y a pas de propriétaires à ajouter. Recommencez et choisissez «\u00a0Une entreprise\u00a0» pour voir cette étape.',

  'signin.title': 'Connexion',
  'signin.subtitle': 'E-mail, téléphone, clé d’accès ou OAuth',
  'signin.lead':
    'Le code est scellé pour une nouvelle clé de session non extractible créée dans ce navigateur. Elle signe chaque action du portefeuille après la connexion\u202f; le service ne la voit jamais.',
  'signin.card': 'Connectez-vous à votre portefeuille',
  'signin.to': 'Connexion à',
  'signin.done': 'Vous êtes connecté',
  'signin.doneText': 'Session {method}, expire {when}.',
  'signin.doneRefreshed': 'Session {method}, expire {when} et se renouvelle automatiquement.',
  'signin.brand': 'Portefeuille de démo Paykit',
  'signin.hint': 'Bac à sable\u00a0: utilisez l’e-mail de votre inscription\u202f; le code est toujours {code}.',

  'passkey.title': 'Clé d’accès',
  'passkey.subtitle': 'Créer, puis se connecter',
  'passkey.lead':
    'Ajoutez une clé d’accès au portefeuille (signée avec la session en cours), puis connectez-vous avec\u00a0: une nouvelle session, une nouvelle clé, aucun code à saisir.',
  'passkey.create': '1 · Créer une clé d’accès',
  'passkey.createText':
    'Votre navigateur ou gestionnaire de mots de passe la conserve\u202f; le portefeuille ne garde que sa clé publique.',
  'passkey.signIn': '2 · Se connecter avec',
  'passkey.signInText':
    'Connectez-vous avec la clé d’accès que vous venez de créer. Vous obtenez une nouvelle session avec une nouvelle clé.',
  'passkey.first': 'Créez d’abord une clé d’accès, puis connectez-vous avec ici.',
  'passkey.added': 'Clé d’accès ajoutée à votre portefeuille',
  'passkey.signedIn': 'Connecté avec votre clé d’accès\u00a0: nouvelle session',

  'export.title': 'Phrase de récupération',
  'export.subtitle': 'Exporter le portefeuille',
  'export.lead':
    'La phrase de récupération est chiffrée par l’enclave du portefeuille pour une clé à usage unique créée ici, et déchiffrée seulement dans cette page. Elle reste masquée jusqu’à ce que vous l’affichiez et est effacée quand vous avez terminé.',

  'card.title': 'Carte virtuelle',
  'card.subtitle': 'Émettre, gérer, dépenser',
  'card.lead':
    'Émettez une carte virtuelle alimentée par le portefeuille, autorisez-la à payer depuis le portefeuille, puis gelez-la, fixez ses plafonds, affichez ses détails et regardez arriver des dépenses simulées. Le numéro et le code de sécurité viennent de l’origine de l’émetteur dans un cadre isolé\u00a0: ils ne touchent jamais les scripts de cette page.',

  'pay.title': 'Paiement',
  'pay.subtitle': 'Devis, autorisation, signature',
  'pay.lead':
    'Un paiement est un devis signé par votre clé de session. Les clients de l’UE le confirment ensuite par authentification forte avant tout mouvement d’argent.',
  'pay.card': 'Nouveau paiement',
  'pay.from': 'Depuis',
  'pay.progress': 'Avancement',
  'pay.step.quote': 'Devis créé',
  'pay.step.signed': 'Signé avec votre clé de session',
  'pay.step.sca': 'Authentification forte',
  'pay.step.confirmed': 'Confirmée',
  'pay.step.waitingCode': 'En attente de votre code',
  'pay.step.afterSigning': 'Après la signature',
  'pay.step.failed': 'Échec',
  'pay.step.completed': 'Terminé',
  'pay.another': 'Faire un autre paiement',
  'pay.completed': 'Paiement effectué',

  'pay.hintUs': 'Clients américains\u00a0: sans SCA, le paiement est signé et envoyé aussitôt.',
  'pay.hintEu': 'Vous signez ce paiement, puis le confirmez avec un code reçu par SMS.',
  'pay.sentTo': '{amount} envoyés à {payee}',
  'pay.newBalance': 'Nouveau solde {balance}',
  'pay.cancel': 'Annuler',
  'card.issue': 'Émettre la carte virtuelle',
  'card.intro':
    'Une carte de débit Visa virtuelle qui dépense depuis votre portefeuille. L’activation prend environ une seconde.',
  'card.activating': 'Activation de votre carte…',
  'card.simulate': 'Simuler des dépenses',
  'card.detailsHint':
    'Les données de la carte s’affichent depuis {origin} dans un cadre isolé et se masquent automatiquement après deux minutes.',
  'card.simulateHint':
    'Réseaux de cartes simulés par le bac à sable\u00a0: des achats réglés, un remboursement, un taxi en attente, un refus. Autorisez d’abord les paiements par carte, sinon tout est refusé.',
  'card.issued': 'Carte émise et active',
  'card.kycNeeded': 'Une carte ne peut être émise qu’une fois votre identité vérifiée.',
  'card.kycLink': 'Vérifier votre identité',

  'payees.title': 'Bénéficiaires',
  'payees.subtitle': 'Bénéficiaires de confiance',
  'payees.lead':
    'Les comptes que ce client paie. Dans une région soumise à l’authentification forte, un bénéficiaire de confiance est payé sans code à chaque fois : l’ajouter ou le retirer demande un code reçu par SMS.',

  'activity.title': 'Activité',
  'activity.subtitle': 'Paiements, filtre, annulation',
  'activity.lead':
    'Chaque paiement du portefeuille, du plus récent au plus ancien, avec son statut. Un virement encore en cours peut être annulé tant que la banque ne l’a pas traité.',

  'invite.title': 'Invitation',
  'invite.subtitle': 'L’invitation UMA d’une amie',
  'invite.lead':
    'Grace, une autre cliente de cette plateforme, a invité ce client avec 25,00 $. L’invitation indique qui l’envoie et le montant ; l’accepter la réclame pour l’adresse UMA du client.',

  'payout.title': 'Portefeuille externe',
  'payout.subtitle': 'Prouver qu’il est à vous, retirer',
  'payout.lead':
    'Avant qu’un retrait parte vers un portefeuille auto-hébergé, le client prouve qu’il lui appartient\u00a0: son portefeuille signe un message du service, ou il passe une vérification du vivant.',
  'payout.add': 'Ajouter mon portefeuille externe',
  'payout.address': 'Adresse du portefeuille (Base, USDC)',
  'payout.signerNote':
    'Bac à sable\u00a0: la vérification s’ouvre dans un nouvel onglet, où vous choisissez son résultat\u202f; cette page la suit.',
  'payout.verified': 'Le portefeuille externe est le vôtre\u00a0: les retraits vers lui sont autorisés',

  'sessions.title': 'Sécurité du compte',
  'sessions.subtitle': 'Sessions, connexion, portefeuille',
  'sessions.lead':
    'Ce que l’utilisateur gère lui-même\u00a0: où il est connecté, comment il se connecte, et qui peut dépenser depuis le portefeuille. Chaque changement est signé par la clé de session de ce navigateur.',

  'method.EMAIL_OTP': 'code par e-mail',
  'method.SMS_OTP': 'code par SMS',
  'method.PASSKEY': 'clé d’accès',
  'method.OAUTH': 'authentification unique',
  'method.unknown': 'inconnue',
};
