import { LANGUAGES, type Language } from '@facet/shared';

/**
 * The native question before an update is installed. It is asked by the client itself, not the
 * console, so that no page can install an update the user did not agree to; a forced update still
 * asks, and the console keeps insisting until the user agrees. The texts live here because the
 * dialog is drawn by the desktop app, in the language of the system.
 */
interface ConfirmTexts {
  title: string;
  /** `{{version}}` is the new version. */
  message: string;
  install: string;
  later: string;
}

const TEXTS: Record<Language, ConfirmTexts> = {
  en: {
    title: 'Install update',
    message:
      'Facet {{version}} is ready. Installing closes every open profile (their cookies are saved) and restarts Facet.',
    install: 'Install and restart',
    later: 'Later',
  },
  zh: {
    title: '安装更新',
    message: 'Facet {{version}} 已就绪。安装会关闭所有已打开的环境（其 Cookie 会被保存）并重启 Facet。',
    install: '安装并重启',
    later: '稍后',
  },
  hk: {
    title: '安裝更新',
    message: 'Facet {{version}} 已就緒。安裝會關閉所有已開啟的環境（其 Cookie 會被儲存）並重新啟動 Facet。',
    install: '安裝並重新啟動',
    later: '稍後',
  },
  ru: {
    title: 'Установка обновления',
    message:
      'Facet {{version}} готов к установке. Все открытые профили будут закрыты (их cookie сохранятся), Facet перезапустится.',
    install: 'Установить и перезапустить',
    later: 'Позже',
  },
  vi: {
    title: 'Cài đặt bản cập nhật',
    message:
      'Facet {{version}} đã sẵn sàng. Việc cài đặt sẽ đóng mọi hồ sơ đang mở (cookie được lưu lại) và khởi động lại Facet.',
    install: 'Cài đặt và khởi động lại',
    later: 'Để sau',
  },
  hi: {
    title: 'अपडेट इंस्टॉल करें',
    message:
      'Facet {{version}} तैयार है। इंस्टॉल करने पर सभी खुली प्रोफ़ाइलें बंद हो जाएँगी (उनकी कुकीज़ सहेजी जाएँगी) और Facet फिर से शुरू होगा।',
    install: 'इंस्टॉल करें और फिर से शुरू करें',
    later: 'बाद में',
  },
  es: {
    title: 'Instalar actualización',
    message:
      'Facet {{version}} está listo. Al instalarlo se cierran todos los perfiles abiertos (se guardan sus cookies) y Facet se reinicia.',
    install: 'Instalar y reiniciar',
    later: 'Más tarde',
  },
  pt: {
    title: 'Instalar atualização',
    message:
      'O Facet {{version}} está pronto. A instalação fecha todos os perfis abertos (os cookies são salvos) e reinicia o Facet.',
    install: 'Instalar e reiniciar',
    later: 'Mais tarde',
  },
  uk: {
    title: 'Встановлення оновлення',
    message:
      'Facet {{version}} готовий до встановлення. Усі відкриті профілі буде закрито (їхні cookie збережуться), Facet перезапуститься.',
    install: 'Встановити й перезапустити',
    later: 'Пізніше',
  },
  ja: {
    title: 'アップデートのインストール',
    message:
      'Facet {{version}} の準備ができました。インストールすると開いているプロファイルがすべて閉じ（Cookie は保存されます）、Facet が再起動します。',
    install: 'インストールして再起動',
    later: '後で',
  },
  th: {
    title: 'ติดตั้งอัปเดต',
    message: 'Facet {{version}} พร้อมแล้ว การติดตั้งจะปิดโปรไฟล์ที่เปิดอยู่ทั้งหมด (คุกกี้จะถูกบันทึก) และเริ่ม Facet ใหม่',
    install: 'ติดตั้งและเริ่มใหม่',
    later: 'ภายหลัง',
  },
  ko: {
    title: '업데이트 설치',
    message:
      'Facet {{version}}이(가) 준비되었습니다. 설치하면 열려 있는 모든 프로필이 닫히고(쿠키는 저장됨) Facet이 다시 시작됩니다.',
    install: '설치 후 다시 시작',
    later: '나중에',
  },
  tr: {
    title: 'Güncellemeyi yükle',
    message:
      'Facet {{version}} hazır. Yükleme tüm açık profilleri kapatır (çerezleri kaydedilir) ve Facet yeniden başlar.',
    install: 'Yükle ve yeniden başlat',
    later: 'Daha sonra',
  },
  de: {
    title: 'Update installieren',
    message:
      'Facet {{version}} ist bereit. Die Installation schließt alle offenen Profile (ihre Cookies werden gespeichert) und startet Facet neu.',
    install: 'Installieren und neu starten',
    later: 'Später',
  },
  fr: {
    title: 'Installer la mise à jour',
    message:
      'Facet {{version}} est prêt. L’installation ferme tous les profils ouverts (leurs cookies sont enregistrés) et redémarre Facet.',
    install: 'Installer et redémarrer',
    later: 'Plus tard',
  },
  it: {
    title: 'Installa aggiornamento',
    message:
      'Facet {{version}} è pronto. L’installazione chiude tutti i profili aperti (i loro cookie vengono salvati) e riavvia Facet.',
    install: 'Installa e riavvia',
    later: 'Più tardi',
  },
};

/** Our language for a system locale (`zh-TW`, `pt-BR`, `de-AT` …); English when we have none. */
export function languageOfLocale(locale: string): Language {
  const tag = locale.toLowerCase();
  if (/^zh[-_](tw|hk|mo|hant)/.test(tag)) return 'hk';
  const base = tag.split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}

/** The dialog's texts for a system locale, with the version filled in. */
export function installConfirmTexts(locale: string, version: string): ConfirmTexts {
  const t = TEXTS[languageOfLocale(locale)];
  return { ...t, message: t.message.replace('{{version}}', version) };
}
