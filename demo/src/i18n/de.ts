/** The demo page's own words in German. */
import type { DemoMessages } from './en.js';

export const de: DemoMessages = {
  'shell.skip': 'Zum Inhalt springen',
  'shell.brand': 'Paykit Wallet, Start',
  'shell.sandbox': 'Sandbox',
  'shell.nav': 'Schritte der Demo',
  'shell.walkthrough': 'Rundgang',
  'shell.codes': 'Sandbox-Codes',
  'shell.gallery': 'Galerie: jedes Element, jeder Zustand',
  'shell.csp': 'Strikte CSP · kein Inline-Skript',
  'shell.cspBlocked': 'Von der CSP blockierte Anfragen: {count}',
  'shell.starting': 'Sandbox-Wallet wird gestartet…',
  'shell.language': 'Sprache',
  'shell.themeDark': 'Zum dunklen Design wechseln',
  'shell.themeLight': 'Zum hellen Design wechseln',
  'shell.noCustomer': 'Noch kein Kunde',
  'shell.balance': 'Guthaben',
  'shell.signedIn': 'Angemeldet',
  'shell.signedOut': 'Abgemeldet',
  'shell.until': 'bis {time}',
  'shell.session': 'Sitzung {id}',
  'shell.noSession': 'Keine Wallet-Sitzung',
  'shell.stepOf': 'Schritt {n} von {total}',
  'shell.done': 'erledigt',
  'shell.continue': 'Weiter',
  'shell.lockedCustomer': 'Zuerst einen Kunden anlegen',
  'shell.lockedCustomerText':
    'Dieser Schritt arbeitet mit der Wallet eines Sandbox-Kunden. Einen anzulegen dauert nur Sekunden.',
  'shell.lockedSession': 'Zum Fortfahren anmelden',
  'shell.lockedSessionText':
    '„{step}“ nutzt Ihre Wallet-Sitzung. Melden Sie sich zuerst mit dem E-Mail-Code (oder Ihrem Passkey) an.',
  'shell.createCustomer': 'Kunden anlegen',
  'shell.goSignin': 'Zur Anmeldung',
  'shell.how': 'Was im Hintergrund passiert',
  'shell.bootError': 'Die Demo konnte nicht starten',
  'shell.retry': 'Erneut versuchen',
  'shell.signedInToast': 'Angemeldet',
  'shell.signedOutToast': 'Abgemeldet. Der Sitzungsschlüssel wurde aus diesem Browser gelöscht.',
  'codes.otpCode': 'Anmeldecode (E-Mail oder SMS)',
  'codes.contactCode': 'Code zur Bestätigung von E-Mail und Telefon',
  'codes.scaCode': 'Code zur Zahlungsfreigabe (SCA)',
  'error.offline': 'Server nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'error.rateLimited': 'Zu viele Versuche. Warten Sie kurz und versuchen Sie es dann erneut.',
  'error.generic': 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  'fact.customer': 'Kunde',
  'fact.wallet': 'Wallet',
  'fact.embeddedWallet': 'Eingebettete Wallet',
  'fact.method': 'Anmeldemethode',
  'fact.methodValue': 'E-Mail-Code an {email}',
  'fact.balance': 'Guthaben',
  'fact.email': 'E-Mail',
  'fact.region': 'Region',
  'fact.passkeys': 'Passkeys',
  'fact.session': 'Sitzung',
  'fact.expires': 'Läuft ab',
  'fact.available': 'Verfügbar',
  'fact.card': 'Karte',
  'fact.state': 'Status',
  'fact.type': 'Art',

  'customer.title': 'Kunden anlegen',
  'customer.subtitle': 'Sandbox-Kunde und Wallet',
  'customer.lead':
    'Ihr Backend legt mit seinem Plattform-Zugang, der diese Seite nie erreicht, einen Sandbox-Kunden an. Der Kunde erhält eine eingebettete Wallet, eine Anmeldung per E-Mail und 5.000,00 zum Ausgeben.',
  'customer.card': 'Neuer Sandbox-Kunde',
  'customer.email': 'E-Mail',
  'customer.emailHint': 'Die Sandbox verschickt keine E-Mails: Der Code steht immer in der Seitenleiste.',
  'customer.name': 'Vollständiger Name (optional)',
  'customer.phone': 'Telefon (optional)',
  'customer.phoneHint': 'Internationales Format. EU-Kunden bestätigen es beim Onboarding.',
  'customer.region': 'Region',
  'customer.kind': 'Kunde',
  'customer.individual': 'Eine Person',
  'customer.business': 'Ein Unternehmen (mit seinen Eigentümern im KYC)',
  'customer.scaEu': 'EU-Kunden bestätigen Zahlungen mit starker Kundenauthentifizierung.',
  'customer.scaUs': 'US-Kunden zahlen ohne zusätzlichen Bestätigungsschritt.',
  'customer.submit': 'Kunden anlegen',
  'customer.invalidEmail': 'Geben Sie eine gültige E-Mail-Adresse ein.',
  'customer.created': 'Kunde mit einer aufgeladenen {currency}-Wallet angelegt',
  'customer.inWalkthrough': 'In diesem Rundgang',
  'customer.plan1': 'EU: Bedingungen annehmen, E-Mail und Telefon bestätigen, Identität prüfen',
  'customer.plan2': 'Unternehmen: Eigentümer und die kontrollierende Person angeben',
  'customer.plan3': 'Mit einem E-Mail-Code anmelden',
  'customer.plan4': 'Einen Passkey hinzufügen und sich damit anmelden',
  'customer.plan5': 'Die Wiederherstellungsphrase exportieren',
  'customer.plan6': 'Eine Karte ausgeben und ihre Nummer anzeigen',
  'customer.plan7': 'Bezahlen, mit SCA für EU-Kunden, und die Aktivität sehen',
  'customer.plan8': 'Nachweisen, dass eine externe Wallet Ihnen gehört, um dorthin auszuzahlen',
  'customer.plan9': 'Den Sitzungsschlüssel erneuern, abmelden',
  'customer.returning': 'Schon registriert? Anmelden',
  'customer.sandboxCustomer': 'Sandbox-Kunde',
  'customer.businessBadge': 'Unternehmen',
  'customer.sca': 'Starke Kundenauthentifizierung',
  'customer.noSca': 'Keine SCA',
  'customer.continueSignin': 'Weiter zur Anmeldung',
  'customer.startOver': 'Mit einem neuen Kunden neu beginnen',
  'customer.signOut': 'Demo verlassen',
  'customer.unknownWallet': 'Diese Wallet gehört keinem Kunden dieser Demo: Legen Sie einen neuen an.',
  'customer.welcome': 'Willkommen zurück, {name}',

  'terms.title': 'Nutzungsbedingungen',
  'terms.subtitle': 'Onboarding · Bedingungen annehmen',
  'terms.lead':
    'Bevor ein Kunde eine Wallet oder Karte erhält, nimmt er die Nutzungsbedingungen des Dienstes an. Das Element verlinkt die aktuelle Fassung und speichert die Zustimmung.',

  'contact.title': 'E-Mail und Telefon',
  'contact.subtitle': 'Onboarding · Kontaktdaten bestätigen',
  'contact.lead':
    'Wo der Anbieter des Kunden es verlangt (EU-Kunden), wird jede E-Mail-Adresse und Telefonnummer vor dem KYC mit einem Code bestätigt. Die Sandbox sendet nichts: Ihr Code ist immer 123456.',

  'kyc.title': 'Identität prüfen',
  'kyc.subtitle': 'Onboarding · KYC',
  'kyc.lead':
    'Der Kunde bestätigt seine Identität im gehosteten Ablauf des Anbieters oder gibt hier seine Daten und ein Foto seines Ausweises ein. EU-Kunden dieser Sandbox beginnen unbestätigt; US-Kunden sind beim Anlegen freigegeben.',
  'kyc.continue': 'Weiter zu Ihrer Wallet',

  'owners.title': 'Eigentümer des Unternehmens',
  'owners.subtitle': 'Onboarding · KYB',
  'owners.lead':
    'Ein Geschäftskunde nennt jede Person, der 25 % oder mehr gehören, und eine Person, die es kontrolliert. Jede wird dann wie ein Kunde geprüft.',
  'owners.individual':
    'Dieser Kunde ist eine Person, es gibt keine Eigentümer anzugeben. Beginnen Sie neu und wählen Sie „Ein Unternehmen“, um diesen Schritt zu sehen.',

  'signin.title': 'Anmelden',
  'signin.subtitle': 'E-Mail, Telefon, Passkey oder OAuth',
  'signin.lead':
    'Der Code wird für einen neuen, nicht exportierbaren Sitzungsschlüssel aus diesem Browser versiegelt. Er signiert jede Wallet-Aktion nach der Anmeldung; der Dienst sieht ihn nie.',
  'signin.card': 'Bei Ihrer Wallet anmelden',
  'signin.to': 'Anmeldung bei',
  'signin.done': 'Sie sind angemeldet',
  'signin.doneText': 'Sitzung per {method}, läuft {when} ab.',
  'signin.doneRefreshed': 'Sitzung per {method}, läuft {when} ab und wird automatisch erneuert.',
  'signin.brand': 'Paykit-Demo-Wallet',
  'signin.hint': 'Sandbox: Nutzen Sie die E-Mail Ihrer Registrierung; der Code ist immer {code}.',

  'passkey.title': 'Passkey',
  'passkey.subtitle': 'Anlegen, dann anmelden',
  'passkey.lead':
    'Fügen Sie der Wallet einen Passkey hinzu (mit der aktuellen Sitzung signiert) und melden Sie sich damit an: neue Sitzung, neuer Schlüssel, kein Code.',
  'passkey.create': '1 · Passkey anlegen',
  'passkey.createText':
    'Ihr Browser oder Passwortmanager speichert ihn; die Wallet behält nur seinen öffentlichen Schlüssel.',
  'passkey.signIn': '2 · Damit anmelden',
  'passkey.signInText':
    'Melden Sie sich mit dem eben angelegten Passkey an. Sie erhalten eine neue Sitzung mit einem neuen Schlüssel.',
  'passkey.first': 'Legen Sie zuerst einen Passkey an und melden Sie sich dann hier damit an.',
  'passkey.added': 'Passkey zu Ihrer Wallet hinzugefügt',
  'passkey.signedIn': 'Mit Ihrem Passkey angemeldet: neue Sitzung',

  'export.title': 'Wiederherstellungsphrase',
  'export.subtitle': 'Wallet exportieren',
  'export.lead':
    'Die Wiederherstellungsphrase wird von der Wallet-Enklave für einen hier erzeugten Einmalschlüssel verschlüsselt und nur auf dieser Seite entschlüsselt. Sie bleibt verdeckt, bis Sie sie anzeigen, und wird danach gelöscht.',

  'card.title': 'Virtuelle Karte',
  'card.subtitle': 'Ausgeben, verwalten, zahlen',
  'card.lead':
    'Geben Sie eine virtuelle Karte aus, die aus der Wallet zahlt, frieren Sie sie ein, setzen Sie Limits, zeigen Sie ihre Daten und sehen Sie simulierte Zahlungen eintreffen. Nummer und Prüfcode kommen vom Kartenherausgeber in einem isolierten Rahmen: Sie berühren nie die Skripte dieser Seite.',

  'pay.title': 'Zahlung',
  'pay.subtitle': 'Angebot, Freigabe, Signatur',
  'pay.lead':
    'Eine Zahlung ist ein Angebot, signiert mit Ihrem Sitzungsschlüssel. EU-Kunden bestätigen es dann mit starker Kundenauthentifizierung, bevor Geld fließt.',
  'pay.card': 'Neue Zahlung',
  'pay.payTo': 'Zahlen an',
  'pay.amount': 'Betrag',
  'pay.note': 'Notiz (optional)',
  'pay.review': 'Zahlung prüfen',
  'pay.from': 'Von',
  'pay.progress': 'Fortschritt',
  'pay.another': 'Weitere Zahlung',
  'pay.completed': 'Zahlung abgeschlossen',

  'pay.notePlaceholder': 'Kaffee und ein Croissant',
  'pay.hintUs': 'US-Kunden: keine SCA, die Zahlung wird signiert und sofort gesendet.',
  'pay.hintEu': 'Sie signieren diese Zahlung und bestätigen sie dann mit einem SMS-Code.',
  'pay.amountError': 'Geben Sie einen Betrag ein, etwa 24,50.',
  'pay.cancel': 'Abbrechen',
  'card.issue': 'Virtuelle Karte ausgeben',
  'card.intro': 'Eine virtuelle Visa-Debitkarte, die aus Ihrer Wallet zahlt. Die Aktivierung dauert etwa eine Sekunde.',
  'card.activating': 'Ihre Karte wird aktiviert…',
  'card.simulate': 'Ausgaben simulieren',
  'card.simulateHint':
    'Kartennetze, von der Sandbox simuliert: abgerechnete Käufe, eine Erstattung, ein offenes Taxi, eine Ablehnung. Erlauben Sie zuerst Kartenzahlungen, sonst wird alles abgelehnt.',
  'card.issued': 'Karte ausgegeben und aktiv',

  'payees.title': 'Empfänger',
  'payees.subtitle': 'Vertrauenswürdige Empfänger',
  'payees.lead':
    'Die Konten, an die diese Kundin oder dieser Kunde zahlt. In einer SCA-Region wird ein vertrauenswürdiger Empfänger ohne Code bezahlt: Vertrauen erteilen oder entziehen erfordert einen per SMS gesendeten Code.',

  'activity.title': 'Aktivität',
  'activity.subtitle': 'Zahlungen, Filter, Storno',
  'activity.lead':
    'Jede Zahlung der Wallet, die neueste zuerst, mit ihrem Status. Eine laufende Überweisung lässt sich stornieren, bis die Bank sie verarbeitet hat.',

  'invite.title': 'Einladung',
  'invite.subtitle': 'Die UMA-Einladung einer Freundin',
  'invite.lead':
    'Grace, eine andere Kundin dieser Plattform, hat diese Person mit 25,00 $ eingeladen. Die Einladung zeigt, wer sie sendet, und den Betrag; wer sie annimmt, löst sie für die eigene UMA-Adresse ein.',

  'payout.title': 'Externe Wallet',
  'payout.subtitle': 'Besitz nachweisen, auszahlen',
  'payout.lead':
    'Bevor Geld an eine selbstverwahrte Wallet geht, weist der Kunde nach, dass sie ihm gehört: Seine Wallet signiert eine Nachricht des Dienstes, oder er besteht eine Lebenderkennung.',
  'payout.add': 'Meine externe Wallet hinzufügen',
  'payout.address': 'Wallet-Adresse (Base, USDC)',
  'payout.signerNote':
    'Sandbox: Die Prüfung öffnet sich in einem neuen Tab, wo Sie ihr Ergebnis wählen; diese Seite verfolgt sie.',
  'payout.verified': 'Die externe Wallet gehört Ihnen: Auszahlungen dorthin sind erlaubt',

  'sessions.title': 'Kontosicherheit',
  'sessions.subtitle': 'Sitzungen, Anmeldung, Wallet',
  'sessions.lead':
    'Was Wallet-Nutzer selbst verwalten: wo sie angemeldet sind, wie sie sich anmelden und wer aus der Wallet zahlen darf. Jede Änderung signiert der Sitzungsschlüssel dieses Browsers.',

  'method.EMAIL_OTP': 'E-Mail-Code',
  'method.SMS_OTP': 'SMS-Code',
  'method.PASSKEY': 'Passkey',
  'method.OAUTH': 'Single Sign-on',
  'method.unknown': 'unbekannt',
};
