import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Language } from '@facet/shared';
import { plainHttpOrigins } from '../server-url.js';
import { languageOfLocale } from './install-confirm.js';

/**
 * The native warning before the desktop app talks to a server on another machine over plain http
 * (docs/client.md, "Server address"). It is drawn before the console loads and before the client
 * sends anything, in the language of the system; each origin is asked about once, and "quit"
 * (also the default and Escape) ends the app without a request sent.
 */
interface PlainHttpTexts {
  title: string;
  /** `{{origin}}` is the server's address. */
  message: string;
  continue: string;
  quit: string;
}

const TEXTS: Record<Language, PlainHttpTexts> = {
  en: {
    title: 'Unencrypted connection',
    message:
      'Facet is set to use the server {{origin}} over plain http. Passwords, session tokens and profile cookies would cross the network unencrypted: anyone on the way could read or change them. Ask the server’s administrator for an https address.',
    continue: 'Continue anyway',
    quit: 'Quit',
  },
  zh: {
    title: '未加密的连接',
    message:
      'Facet 将通过明文 http 使用服务器 {{origin}}。密码、会话令牌和环境 Cookie 会以未加密的形式在网络中传输，途经的任何人都可以读取或篡改。请向服务器管理员索取 https 地址。',
    continue: '仍然继续',
    quit: '退出',
  },
  hk: {
    title: '未加密的連線',
    message:
      'Facet 將透過明文 http 使用伺服器 {{origin}}。密碼、工作階段權杖和環境 Cookie 會以未加密的形式在網路中傳輸，途經的任何人都可以讀取或竄改。請向伺服器管理員索取 https 位址。',
    continue: '仍然繼續',
    quit: '結束',
  },
  ru: {
    title: 'Незашифрованное соединение',
    message:
      'Facet настроен на сервер {{origin}} по незащищённому http. Пароли, токены сессий и cookie профилей пойдут по сети без шифрования: любой на пути сможет их прочитать или изменить. Попросите администратора сервера адрес https.',
    continue: 'Всё равно продолжить',
    quit: 'Выйти',
  },
  vi: {
    title: 'Kết nối không mã hóa',
    message:
      'Facet được đặt để dùng máy chủ {{origin}} qua http không mã hóa. Mật khẩu, mã phiên và cookie của hồ sơ sẽ đi qua mạng mà không được mã hóa: bất kỳ ai trên đường truyền đều có thể đọc hoặc sửa chúng. Hãy hỏi quản trị viên máy chủ địa chỉ https.',
    continue: 'Vẫn tiếp tục',
    quit: 'Thoát',
  },
  hi: {
    title: 'बिना एन्क्रिप्शन का कनेक्शन',
    message:
      'Facet सर्वर {{origin}} को सादे http पर इस्तेमाल करने के लिए सेट है। पासवर्ड, सेशन टोकन और प्रोफ़ाइल कुकीज़ बिना एन्क्रिप्शन के नेटवर्क से गुज़रेंगे: रास्ते में कोई भी उन्हें पढ़ या बदल सकता है। सर्वर के एडमिन से https पता माँगें।',
    continue: 'फिर भी जारी रखें',
    quit: 'बंद करें',
  },
  es: {
    title: 'Conexión sin cifrar',
    message:
      'Facet está configurado para usar el servidor {{origin}} por http sin cifrar. Las contraseñas, los tokens de sesión y las cookies de los perfiles cruzarían la red sin cifrar: cualquiera en el camino podría leerlos o cambiarlos. Pida al administrador del servidor una dirección https.',
    continue: 'Continuar de todos modos',
    quit: 'Salir',
  },
  pt: {
    title: 'Conexão não criptografada',
    message:
      'O Facet está configurado para usar o servidor {{origin}} por http sem criptografia. Senhas, tokens de sessão e cookies dos perfis atravessariam a rede sem criptografia: qualquer um no caminho poderia lê-los ou alterá-los. Peça ao administrador do servidor um endereço https.',
    continue: 'Continuar mesmo assim',
    quit: 'Sair',
  },
  uk: {
    title: 'Незашифроване з’єднання',
    message:
      'Facet налаштовано на сервер {{origin}} через незахищений http. Паролі, токени сесій і cookie профілів ітимуть мережею без шифрування: будь-хто на шляху зможе їх прочитати або змінити. Попросіть в адміністратора сервера адресу https.',
    continue: 'Усе одно продовжити',
    quit: 'Вийти',
  },
  ja: {
    title: '暗号化されていない接続',
    message:
      'Facet はサーバー {{origin}} を暗号化なしの http で使うよう設定されています。パスワード、セッショントークン、プロファイルの Cookie が暗号化されずにネットワークを流れ、経路上の誰でも読み取りや改ざんができます。サーバーの管理者に https のアドレスを確認してください。',
    continue: 'このまま続ける',
    quit: '終了',
  },
  th: {
    title: 'การเชื่อมต่อที่ไม่เข้ารหัส',
    message:
      'Facet ถูกตั้งให้ใช้เซิร์ฟเวอร์ {{origin}} ผ่าน http ที่ไม่เข้ารหัส รหัสผ่าน โทเค็นเซสชัน และคุกกี้ของโปรไฟล์จะผ่านเครือข่ายโดยไม่เข้ารหัส ใครก็ตามระหว่างทางสามารถอ่านหรือแก้ไขได้ โปรดขอที่อยู่ https จากผู้ดูแลเซิร์ฟเวอร์',
    continue: 'ดำเนินการต่อ',
    quit: 'ออก',
  },
  ko: {
    title: '암호화되지 않은 연결',
    message:
      'Facet이 서버 {{origin}}을(를) 암호화되지 않은 http로 사용하도록 설정되어 있습니다. 비밀번호, 세션 토큰, 프로필 쿠키가 암호화 없이 네트워크를 지나가며 경로상의 누구나 읽거나 바꿀 수 있습니다. 서버 관리자에게 https 주소를 요청하세요.',
    continue: '그래도 계속',
    quit: '종료',
  },
  tr: {
    title: 'Şifresiz bağlantı',
    message:
      'Facet, {{origin}} sunucusunu şifresiz http üzerinden kullanacak şekilde ayarlanmış. Parolalar, oturum belirteçleri ve profil çerezleri ağda şifresiz taşınır: yoldaki herkes bunları okuyabilir veya değiştirebilir. Sunucu yöneticisinden bir https adresi isteyin.',
    continue: 'Yine de devam et',
    quit: 'Çık',
  },
  de: {
    title: 'Unverschlüsselte Verbindung',
    message:
      'Facet ist so eingestellt, dass der Server {{origin}} über unverschlüsseltes http genutzt wird. Passwörter, Sitzungstokens und Profil-Cookies gingen unverschlüsselt über das Netz: Jeder auf dem Weg könnte sie lesen oder ändern. Fragen Sie den Administrator des Servers nach einer https-Adresse.',
    continue: 'Trotzdem fortfahren',
    quit: 'Beenden',
  },
  fr: {
    title: 'Connexion non chiffrée',
    message:
      'Facet est configuré pour utiliser le serveur {{origin}} en http non chiffré. Les mots de passe, jetons de session et cookies des profils circuleraient sur le réseau sans chiffrement : n’importe qui sur le trajet pourrait les lire ou les modifier. Demandez une adresse https à l’administrateur du serveur.',
    continue: 'Continuer quand même',
    quit: 'Quitter',
  },
  it: {
    title: 'Connessione non cifrata',
    message:
      'Facet è impostato per usare il server {{origin}} tramite http non cifrato. Password, token di sessione e cookie dei profili attraverserebbero la rete senza cifratura: chiunque lungo il percorso potrebbe leggerli o modificarli. Chiedi all’amministratore del server un indirizzo https.',
    continue: 'Continua comunque',
    quit: 'Esci',
  },
};

/** The dialog's texts for a system locale, with the server's origin filled in. */
export function plainHttpConfirmTexts(locale: string, origin: string): PlainHttpTexts {
  const t = TEXTS[languageOfLocale(locale)];
  return { ...t, message: t.message.replace('{{origin}}', origin) };
}

/**
 * The plain-http origins the user already let the app use (`<dataDir>/client/plain-http.json`), so
 * that the warning comes once per server address, and again for a new one.
 */
export class PlainHttpConsent {
  constructor(private readonly file: string) {}

  private async read(): Promise<string[]> {
    try {
      const data = JSON.parse(await readFile(this.file, 'utf8')) as { origins?: unknown };
      return Array.isArray(data.origins) ? data.origins.filter((o): o is string => typeof o === 'string') : [];
    } catch {
      // Missing or damaged: the user is asked again, which is the safe side.
      return [];
    }
  }

  /** The plain-http origins among `urls` the user has not let the app use yet. */
  async unconfirmed(urls: readonly string[]): Promise<string[]> {
    const known = new Set(await this.read());
    return plainHttpOrigins(urls).filter((o) => !known.has(o));
  }

  async remember(origin: string): Promise<void> {
    const origins = [...new Set([...(await this.read()), origin])];
    await mkdir(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify({ origins }, null, 2));
    await rename(tmp, this.file);
  }
}
