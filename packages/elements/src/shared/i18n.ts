/**
 * The typed translation table. English is complete and is the fallback for every key; Spanish ships
 * too; a platform can add or override a locale with `registerMessages`. An element picks its locale
 * from its `locale` property, else the nearest `lang` attribute, else English. `{name}` placeholders
 * are replaced from the params object.
 *
 * @example
 *   registerMessages('de', { 'otp.send': 'Code senden' });
 *   translate('es-MX', 'otp.resendIn', { n: 30 }); // 'Reenviar código en 30 s'
 */
const en = {
  // Shared
  'common.retry': 'Try again',
  'common.working': 'Working…',
  'error.generic': 'Something went wrong. Please try again.',
  'error.network': "Can't reach the server. Check your connection and try again.",
  'error.timeout': 'The server took too long to answer. Please try again.',
  'error.rateLimited': 'Too many attempts, try again in {n} s.',
  'error.rateLimitedNow': 'Too many attempts. Please wait a moment and try again.',
  'error.wrongCode': 'That code is not right.',
  'error.incompleteCode': 'Enter all {n} digits of the code.',
  'error.locked': 'This account is locked after too many attempts. Contact support to unlock it.',
  'error.noClient': 'This form is not connected to a wallet client.',
  'error.noSession': 'Sign in first.',
  'error.challengeExpired': 'The request expired. Please try again.',
  'error.bundleInvalid': "We couldn't verify the server's response, so we stopped. Please try again later.",
  'error.decryption': "The wallet data couldn't be decrypted. Please try again.",
  'error.passkeyCancelled': 'The passkey request was cancelled or timed out.',
  'error.passkeyUnsupported': "Passkeys aren't available in this browser.",
  'error.passkeyExists': 'This passkey is already registered.',
  'error.exportTimeout': 'The export is taking too long. Please try again later.',
  'error.revealRejected': 'The card details came from an unexpected address, so they were not shown.',
  'error.scaSession': 'Your secure session has ended. Please sign in again to confirm.',
  'error.invalidArgument': 'This form is missing some information it needs.',
  'error.reason': 'Details: {reason}',

  // <pay-otp-login>
  'otp.intro.email': "We'll email a 6-digit code to {destination}.",
  'otp.intro.emailAnon': "We'll email you a 6-digit code.",
  'otp.intro.sms': "We'll text a 6-digit code to {destination}.",
  'otp.intro.smsAnon': "We'll text you a 6-digit code.",
  'otp.send': 'Send code',
  'otp.sending': 'Sending code…',
  'otp.sent': 'We sent a code to {destination}.',
  'otp.sentAnon': 'We sent you a code.',
  'otp.label': 'Verification code',
  'otp.hint': 'Enter the 6-digit code. You can paste it.',
  'otp.verify': 'Verify',
  'otp.verifying': 'Checking your code…',
  'otp.resend': 'Resend code',
  'otp.resendIn': 'Resend code in {n} s',
  'otp.signedIn': "You're signed in.",

  // <pay-passkey-login>
  'passkey.login': 'Sign in with a passkey',
  'passkey.register': 'Create a passkey',
  'passkey.waiting': 'Follow the prompt from your browser or device…',
  'passkey.unsupported': "Passkeys aren't available in this browser. Use another way to sign in.",
  'passkey.autofillLabel': 'Email or username',
  'passkey.registered': 'Passkey created. You can use it to sign in next time.',
  'passkey.signedIn': "You're signed in.",

  // <pay-wallet-export>
  'export.warning': 'Your recovery phrase gives full control of your wallet. Never share it with anyone, including support.',
  'export.confirm': 'I understand anyone with these words controls the wallet',
  'export.start': 'Export recovery phrase',
  'export.exporting': 'Preparing your recovery phrase…',
  'export.processing': 'Still preparing. This can take a moment…',
  'export.progressLabel': 'Export progress',
  'export.ready': 'Your recovery phrase is ready. It stays hidden until you press Reveal.',
  'export.gridLabel': 'Recovery phrase, {n} words',
  'export.hiddenWord': 'hidden',
  'export.reveal': 'Reveal',
  'export.hide': 'Hide',
  'export.revealed': 'Recovery phrase shown. Make sure nobody can see your screen.',
  'export.concealed': 'Recovery phrase hidden.',
  'export.copy': 'Copy',
  'export.copied': 'Copied. Store it somewhere safe, then clear your clipboard.',
  'export.copyFailed': "Couldn't copy. Reveal the words and write them down instead.",
  'export.close': 'Done',
  'export.hidesIn': 'Hides automatically in {n} s',
  'export.closed.closed': 'Your recovery phrase was removed from this page.',
  'export.closed.timeout': 'Your recovery phrase was removed from this page after a while, for your safety.',
  'export.closed.hidden': 'Your recovery phrase was removed because you left the page.',
  'export.again': 'Start again',

  // <pay-card-reveal>
  'card.show': 'Show card details',
  'card.hide': 'Hide card details',
  'card.loading': 'Loading card details…',
  'card.frameTitle': 'Card number, expiry date and security code',
  'card.shown': 'Card details shown. They hide automatically.',
  'card.hidden.expired': 'Card details hidden: the secure link expired.',
  'card.hidden.hidden': 'Card details hidden because you left the page.',
  'card.hidden.closed': 'Card details hidden.',

  // <pay-sca-challenge>
  'sca.title': 'Confirm this payment',
  'sca.amount': 'Amount',
  'sca.payee': 'To',
  'sca.unknownPayee': 'Recipient',
  'sca.factor.legend': 'Confirm with',
  'sca.factor.SMS_OTP': 'Text message code',
  'sca.factor.PASSKEY': 'Passkey',
  'sca.codeLabel': 'Code from the text message',
  'sca.codeHint': 'Enter the 6-digit code we sent to your phone.',
  'sca.confirm': 'Confirm payment',
  'sca.confirmPasskey': 'Confirm with passkey',
  'sca.confirming': 'Confirming…',
  'sca.resend': 'Resend code',
  'sca.resendIn': 'Resend code in {n} s',
  'sca.resent': 'We sent a new code.',
  'sca.renewing': 'Renewing your secure session, then trying again…',
  'sca.loginCodeLabel': 'Code to sign in again',
  'sca.loginHint': 'Your secure session has ended. Enter the 6-digit code we just sent to your phone.',
  'sca.another': 'Another confirmation is needed.',
  'sca.complete': 'Payment confirmed.',
  'sca.locked': 'Your account is locked after too many attempts. Contact support to unlock it.',
  'sca.noQuote': 'There is no payment waiting for confirmation.',
  'sca.noFactor': "This payment can't be confirmed here. Please use the app you started it in.",
} as const;

export type MessageKey = keyof typeof en;
/** Every message key (the English table is complete). */
export const MESSAGE_KEYS = Object.freeze(Object.keys(en) as MessageKey[]);
export type Messages = Record<MessageKey, string>;
export type MessageParams = Record<string, string | number>;

const es: Messages = {
  'common.retry': 'Reintentar',
  'common.working': 'Procesando…',
  'error.generic': 'Algo salió mal. Inténtalo de nuevo.',
  'error.network': 'No se puede conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  'error.timeout': 'El servidor tardó demasiado en responder. Inténtalo de nuevo.',
  'error.rateLimited': 'Demasiados intentos, inténtalo de nuevo en {n} s.',
  'error.rateLimitedNow': 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  'error.wrongCode': 'Ese código no es correcto.',
  'error.incompleteCode': 'Introduce los {n} dígitos del código.',
  'error.locked': 'Esta cuenta está bloqueada por demasiados intentos. Contacta con soporte para desbloquearla.',
  'error.noClient': 'Este formulario no está conectado a un cliente de billetera.',
  'error.noSession': 'Primero inicia sesión.',
  'error.challengeExpired': 'La solicitud caducó. Inténtalo de nuevo.',
  'error.bundleInvalid': 'No pudimos verificar la respuesta del servidor, así que nos detuvimos. Inténtalo más tarde.',
  'error.decryption': 'No se pudieron descifrar los datos de la billetera. Inténtalo de nuevo.',
  'error.passkeyCancelled': 'La solicitud de llave de acceso se canceló o caducó.',
  'error.passkeyUnsupported': 'Las llaves de acceso no están disponibles en este navegador.',
  'error.passkeyExists': 'Esta llave de acceso ya está registrada.',
  'error.exportTimeout': 'La exportación está tardando demasiado. Inténtalo más tarde.',
  'error.revealRejected': 'Los datos de la tarjeta venían de una dirección inesperada, así que no se mostraron.',
  'error.scaSession': 'Tu sesión segura terminó. Vuelve a iniciar sesión para confirmar.',
  'error.invalidArgument': 'A este formulario le falta información que necesita.',
  'error.reason': 'Detalles: {reason}',

  'otp.intro.email': 'Te enviaremos un código de 6 dígitos a {destination}.',
  'otp.intro.emailAnon': 'Te enviaremos un código de 6 dígitos por correo.',
  'otp.intro.sms': 'Te enviaremos un código de 6 dígitos por SMS a {destination}.',
  'otp.intro.smsAnon': 'Te enviaremos un código de 6 dígitos por SMS.',
  'otp.send': 'Enviar código',
  'otp.sending': 'Enviando código…',
  'otp.sent': 'Enviamos un código a {destination}.',
  'otp.sentAnon': 'Te enviamos un código.',
  'otp.label': 'Código de verificación',
  'otp.hint': 'Introduce el código de 6 dígitos. Puedes pegarlo.',
  'otp.verify': 'Verificar',
  'otp.verifying': 'Comprobando tu código…',
  'otp.resend': 'Reenviar código',
  'otp.resendIn': 'Reenviar código en {n} s',
  'otp.signedIn': 'Has iniciado sesión.',

  'passkey.login': 'Iniciar sesión con llave de acceso',
  'passkey.register': 'Crear una llave de acceso',
  'passkey.waiting': 'Sigue las indicaciones de tu navegador o dispositivo…',
  'passkey.unsupported': 'Las llaves de acceso no están disponibles en este navegador. Usa otra forma de iniciar sesión.',
  'passkey.autofillLabel': 'Correo o nombre de usuario',
  'passkey.registered': 'Llave de acceso creada. Podrás usarla para iniciar sesión la próxima vez.',
  'passkey.signedIn': 'Has iniciado sesión.',

  'export.warning': 'Tu frase de recuperación da control total sobre tu billetera. Nunca la compartas con nadie, ni siquiera con soporte.',
  'export.confirm': 'Entiendo que cualquiera con estas palabras controla la billetera',
  'export.start': 'Exportar frase de recuperación',
  'export.exporting': 'Preparando tu frase de recuperación…',
  'export.processing': 'Seguimos preparándola. Puede tardar un momento…',
  'export.progressLabel': 'Progreso de la exportación',
  'export.ready': 'Tu frase de recuperación está lista. Permanece oculta hasta que pulses Mostrar.',
  'export.gridLabel': 'Frase de recuperación, {n} palabras',
  'export.hiddenWord': 'oculta',
  'export.reveal': 'Mostrar',
  'export.hide': 'Ocultar',
  'export.revealed': 'Frase de recuperación visible. Asegúrate de que nadie vea tu pantalla.',
  'export.concealed': 'Frase de recuperación oculta.',
  'export.copy': 'Copiar',
  'export.copied': 'Copiada. Guárdala en un lugar seguro y luego borra tu portapapeles.',
  'export.copyFailed': 'No se pudo copiar. Muestra las palabras y escríbelas.',
  'export.close': 'Listo',
  'export.hidesIn': 'Se ocultará automáticamente en {n} s',
  'export.closed.closed': 'Tu frase de recuperación se quitó de esta página.',
  'export.closed.timeout': 'Tu frase de recuperación se quitó de esta página tras un tiempo, por tu seguridad.',
  'export.closed.hidden': 'Tu frase de recuperación se quitó porque saliste de la página.',
  'export.again': 'Empezar de nuevo',

  'card.show': 'Mostrar datos de la tarjeta',
  'card.hide': 'Ocultar datos de la tarjeta',
  'card.loading': 'Cargando datos de la tarjeta…',
  'card.frameTitle': 'Número de tarjeta, fecha de caducidad y código de seguridad',
  'card.shown': 'Datos de la tarjeta visibles. Se ocultarán automáticamente.',
  'card.hidden.expired': 'Datos de la tarjeta ocultos: el enlace seguro caducó.',
  'card.hidden.hidden': 'Datos de la tarjeta ocultos porque saliste de la página.',
  'card.hidden.closed': 'Datos de la tarjeta ocultos.',

  'sca.title': 'Confirma este pago',
  'sca.amount': 'Importe',
  'sca.payee': 'Para',
  'sca.unknownPayee': 'Destinatario',
  'sca.factor.legend': 'Confirmar con',
  'sca.factor.SMS_OTP': 'Código por SMS',
  'sca.factor.PASSKEY': 'Llave de acceso',
  'sca.codeLabel': 'Código del SMS',
  'sca.codeHint': 'Introduce el código de 6 dígitos que enviamos a tu teléfono.',
  'sca.confirm': 'Confirmar pago',
  'sca.confirmPasskey': 'Confirmar con llave de acceso',
  'sca.confirming': 'Confirmando…',
  'sca.resend': 'Reenviar código',
  'sca.resendIn': 'Reenviar código en {n} s',
  'sca.resent': 'Enviamos un código nuevo.',
  'sca.renewing': 'Renovando tu sesión segura y reintentando…',
  'sca.loginCodeLabel': 'Código para volver a iniciar sesión',
  'sca.loginHint': 'Tu sesión segura terminó. Introduce el código de 6 dígitos que acabamos de enviar a tu teléfono.',
  'sca.another': 'Se necesita otra confirmación.',
  'sca.complete': 'Pago confirmado.',
  'sca.locked': 'Tu cuenta está bloqueada por demasiados intentos. Contacta con soporte para desbloquearla.',
  'sca.noQuote': 'No hay ningún pago pendiente de confirmación.',
  'sca.noFactor': 'Este pago no se puede confirmar aquí. Usa la aplicación en la que lo iniciaste.',
};

const catalogs = new Map<string, Partial<Messages>>([
  ['en', en],
  ['es', es],
]);

/** Adds a locale, or overrides keys of an existing one. Missing keys fall back to English. */
export function registerMessages(locale: string, messages: Partial<Messages>): void {
  const tag = locale.toLowerCase();
  catalogs.set(tag, { ...catalogs.get(tag), ...messages });
}

/** The catalog tag for a BCP 47 tag: exact match, then the primary language, then 'en'. */
export function resolveLocale(requested: string | null | undefined): string {
  const tag = (requested ?? '').trim().toLowerCase();
  if (catalogs.has(tag)) return tag;
  const primary = tag.split('-')[0] ?? '';
  return catalogs.has(primary) ? primary : 'en';
}

/** The message for `key` in `locale` with `{name}` placeholders filled from `params`. */
export function translate(locale: string | null | undefined, key: MessageKey, params?: MessageParams): string {
  const template = catalogs.get(resolveLocale(locale))?.[key] ?? en[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
