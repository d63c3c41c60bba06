package search

import (
	"slices"
	"testing"
)

// TestFoldAccents: Latin and Greek letters lose their accents (reporting
// a change), Russian "ё" its diaeresis and a Cyrillic vowel its stress
// mark; the letters other Cyrillic marks make stay. Arabic and Persian
// lose their vowel marks and the hamza of an alef, and their letters
// typed for one another are one; Hebrew loses its points, Devanagari its
// nukta and the candrabindu is the anusvara. Other marks (Devanagari
// vowel signs, Thai vowels) are letters of their words and stay, and
// words of other scripts are left as they are, so they still match only
// themselves.
func TestFoldAccents(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"déployer", "deployer", true},
		{"caché", "cache", true},
		{"über", "uber", true},
		{"deploy", "deploy", false},
		{"οδόσ", "οδοσ", true},     // tonos ("σ" as the tokenizer reads "ς")
		{"προϊόν", "προιον", true}, // dialytika
		{"ἀρχή", "αρχη", true},     // polytonic: breathing and accent
		{"ᾠδή", "ωδη", true},       // iota subscript
		{"οδοσ", "οδοσ", false},
		{"перезапуск", "перезапуск", false},
		{"учётную", "учетную", true}, // Russian "ё" written "е"
		{"за́мок", "замок", true},    // a stress mark
		{"мой", "мой", false},        // "й" is no "и"
		{"їжак", "їжак", false},      // Ukrainian "ї" is no "і"
		{"ўзор", "ўзор", false},      // Belarusian "ў" is no "у"
		{"ѓубре", "ѓубре", false},    // Macedonian "ѓ" is no "г"
		{"ѝ", "ѝ", false},            // Bulgarian "ѝ" is no "и"
		{"ї́жа", "їжа", true},        // "ї" keeps its diaeresis, loses the stress
		{"हिन्दी", "हिन्दी", false},
		{"日本", "日本", false},
		{"عَطِّلْ", "عطل", true},     // harakat and shadda
		{"هٰذا", "هذا", true},        // the superscript alef
		{"إلغاء", "الغاء", true},     // hamza under an alef
		{"أرشيف", "ارشيف", true},     // hamza over an alef
		{"مسؤول", "مسؤول", false},    // "ؤ" is spelled so
		{"كمية", "كميه", true},       // teh marbuta typed as heh
		{"کلید", "كليد", true},       // Persian keh and yeh, the Arabic letters
		{"مستشفى", "مستشفي", true},   // the dotless final yeh
		{"خانهٔ", "خانه", true},      // Persian hamza on a heh
		{"עִדְכּוּן", "עדכון", true}, // Hebrew points and dagesh
		{"שָׁלוֹם", "שלום", true},    // and the shin dot
		{"फ़ीचर", "फीचर", true},      // the Devanagari nukta
		{"\u095eाइल", "फाइल", true},  // precomposed (NFKC takes it apart)
		{"जाँच", "जांच", true},       // candrabindu written as anusvara
		{"ยกเลิก", "ยกเลิก", false},  // Thai vowel and tone marks are letters
		{"فورًا", "فورا", true},      // fathatan
		{"مرآة", "مراه", true},       // madda on an alef
		{"خانۀ", "خانه", true},       // Persian heh with hamza above, precomposed
	} {
		if got, ok := foldAccents(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("foldAccents(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestSearchReadsWordsWithoutAccents: the stemmer is English and leaves a
// word with an accent as it is, so a French "déployer" was no word of a
// card that says "deploy", and "reinitialise" typed without accents none
// of a card that says "réinitialisé" (two edits away, so no typo of it).
func TestSearchReadsWordsWithoutAccents(t *testing.T) {
	ix := Build([]Card{
		{ID: "deploy", Summary: "Deploy the current branch to staging.", IntentPhrases: []string{"ship the branch to staging"}, Risk: "destructive"},
		{ID: "api-call", Summary: "Call the staging API with a token.", IntentPhrases: []string{"curl the staging api"}, Risk: "reversible"},
		{ID: "rapport", Summary: "Produit le rapport de déploiement de la semaine.", IntentPhrases: []string{"rapport de déploiement"}, Risk: "reversible"},
		{ID: "rapport-ventes", Summary: "Produit le rapport des ventes de la semaine.", IntentPhrases: []string{"rapport des ventes"}, Risk: "reversible"},
		{ID: "mot-de-passe", Summary: "Mot de passe réinitialisé et envoyé.", IntentPhrases: []string{"changer le mot de passe"}, Risk: "destructive"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"déployer", "deploy"},
		{"déployer en staging", "deploy"},
		{"reinitialise", "mot-de-passe"},
		{"rapport de deploiement", "rapport"}, // one edit: a typo of it
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchAccentedWordInEnglishIndex: a word typed with accents
// finds the term it is without them in an index whose cards hold no
// accented word at all ("déployer" for a card that says "deploy"); the
// fast path for such indexes is for words without accents only.
func TestSearchAccentedWordInEnglishIndex(t *testing.T) {
	ix := Build([]Card{
		{ID: "deploy", Summary: "Deploy the current branch to staging.", Risk: "destructive"},
		{ID: "logs", Summary: "Tail the logs of a service.", Risk: "read-only"},
	})
	checkFirst(t, ix, "déployer", "deploy")
	checkFirst(t, ix, "lögs", "logs")
}

// TestFoldAccentsLettersWithoutDecomposition: the Latin letters NFD does
// not decompose into a letter and a mark (Turkish "ı", Polish "ł",
// Danish "ø", Croatian "đ", Maltese "ħ", the ligatures "œ" "æ", German
// "ß", Icelandic "ð" "þ") are folded to the ASCII letters they are
// written as without them, as accented letters are: they kept the word
// as it was, so "kullanici" typed on an English keyboard was no word of
// a card that says "kullanıcı".
func TestFoldAccentsLettersWithoutDecomposition(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"kullanıcı", "kullanici"},
		{"włącz", "wlacz"},
		{"løn", "lon"},
		{"uređaj", "uredaj"},
		{"ħlas", "hlas"},
		{"nœud", "noeud"},
		{"ændr", "aendr"},
		{"straße", "strasse"},
		{"ðþ", "dth"},
		{"čađŧa", "cadta"}, // Northern Sami "ŧ"
		{"şifre", "sifre"},
	} {
		if got, ok := foldAccents(tt.in); got != tt.want || !ok {
			t.Errorf("foldAccents(%q) = %q, %v; want %q, true", tt.in, got, ok, tt.want)
		}
	}
}

// TestSearchReadsLettersWithoutDecomposition: a word typed without such
// a letter finds the card that holds it, and one typed with it the card
// written in ASCII, in words too short to be typos of each other ("løn",
// "lon") or two edits away ("straße", "strasse").
func TestSearchReadsLettersWithoutDecomposition(t *testing.T) {
	ix := Build([]Card{
		{ID: "payroll", Summary: "Kører lønkørsel: beregner løn.", IntentPhrases: []string{"beregn løn"}, Risk: "destructive"},
		{ID: "adresse", Summary: "Prüft eine Straße und die PLZ.", IntentPhrases: []string{"Straße prüfen"}, Risk: "reversible"},
		{ID: "sifre", Summary: "Kullanıcı şifresini sıfırla.", IntentPhrases: []string{"şifre sıfırla"}, Risk: "reversible"},
		{ID: "noeud", Summary: "Redemarre un noeud du cluster.", IntentPhrases: []string{"redemarrer le noeud"}, Risk: "reversible"},
		{ID: "other", Summary: "Deploy the service.", IntentPhrases: []string{"ship it"}, Risk: "reversible"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"lon", "payroll"},
		{"strasse", "adresse"},
		{"STRASSE", "adresse"},
		{"kullanici", "sifre"},
		{"sifirla", "sifre"},
		{"nœud", "noeud"},
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchReadsUmlautsSpelledOut: a German umlaut (and the "ø" read
// as "ö") is also written as its vowel and an "e" ("löschen",
// "loeschen"), which is how ids, file names and English keyboards write
// it; folded to the bare vowel alone, "loeschen" was two edits from
// "löschen" and no typo of it, nor "muell" of "müll".
func TestSearchReadsUmlautsSpelledOut(t *testing.T) {
	ix := Build([]Card{
		{ID: "benutzer.loeschen", Summary: "Benutzerkonto endgültig entfernen.", IntentPhrases: []string{"Konto entfernen"}, Risk: "destructive"},
		{ID: "trash", Summary: "Leert den Müll.", IntentPhrases: []string{"Müll leeren"}, Risk: "destructive"},
		{ID: "resize", Summary: "Ändert die Größe eines Volumes.", IntentPhrases: []string{"Größe ändern"}, Risk: "reversible"},
		{ID: "payroll", Summary: "Kører lønkørsel.", IntentPhrases: []string{"kør løn"}, Risk: "destructive"},
		{ID: "other", Summary: "Deploy the service.", IntentPhrases: []string{"ship it"}, Risk: "reversible"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"löschen", "benutzer.loeschen"},
		{"muell", "trash"},
		{"groesse", "resize"},
		{"aendern", "resize"},
		{"loen", "payroll"},
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchReadsRingSpelledOut: the Danish, Norwegian and Swedish "å" is
// also written "aa" ("måned", "maaned"), as the umlauts are spelled out;
// folded to the bare "a" alone, "maaned" was no word of a card's "måned",
// nor "åbn" of a card's "aabn".
func TestSearchReadsRingSpelledOut(t *testing.T) {
	ix := Build([]Card{
		{ID: "payroll", Summary: "Kører lønnen for måneden.", IntentPhrases: []string{"luk måned"}, Risk: "destructive"},
		{ID: "open", Summary: "Aabn en sag.", IntentPhrases: []string{"aabn sag"}, Risk: "reversible"},
		{ID: "other", Summary: "Deploy the service.", IntentPhrases: []string{"ship it"}, Risk: "reversible"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"maaned", "payroll"},
		{"MAANED", "payroll"},
		{"åbn", "open"},
		{"måned", "payroll"},
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchReadsArabicScriptAlike: Arabic and Persian are mostly
// written without their vowel marks, and typed on keyboards that give
// the Arabic or the Persian form of "ي"/"ی" and "ك"/"ک"; a word with the
// marks ("عَطِّلْ"), with the other form ("كليد" for a card's "کلید",
// "تعدیل" for "تعديل", "لينك" for "لینک"), with a bare alef for "أ" or a
// heh for the "ة" was no word of the card that writes it the other way,
// nor a typo of it when short or two letters apart.
func TestSearchReadsArabicScriptAlike(t *testing.T) {
	ix := Build([]Card{
		{ID: "disable", Summary: "يعطل حساب الموظف المغادر.", IntentPhrases: []string{"تعطيل حساب موظف", "إلغاء الصلاحيات"}, Risk: "destructive"},
		{ID: "stock", Summary: "يعدل كمية المخزون.", IntentPhrases: []string{"تعديل كمية المخزون"}, Risk: "reversible"},
		{ID: "rotate", Summary: "کلیدهای API یک سرویس را عوض می\u200cکند.", IntentPhrases: []string{"چرخش کلید"}, Risk: "reversible"},
		{ID: "link", Summary: "یک لینک پرداخت می\u200cسازد.", IntentPhrases: []string{"ساختن لینک پرداخت"}, Risk: "reversible"},
		{ID: "security", Summary: "فحص أمن الخادم.", IntentPhrases: []string{"فحص أمن"}, Risk: "read-only"},
		{ID: "restart", Summary: "يعيد تشغيل الخدمة فورا.", IntentPhrases: []string{"إعادة تشغيل الخدمة"}, Risk: "reversible"},
		{ID: "mirror", Summary: "ينشئ مرآة للمستودع.", IntentPhrases: []string{"مرآة المستودع"}, Risk: "reversible"},
		{ID: "home", Summary: "تنظیمات صفحه خانه را عوض می\u200cکند.", IntentPhrases: []string{"تغییر صفحه خانه"}, Risk: "reversible"},
		{ID: "other", Summary: "Deploy the service.", IntentPhrases: []string{"ship it"}, Risk: "reversible"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"عَطِّلْ حِسَابَ", "disable"},
		{"الغاء", "disable"},
		{"كميه", "stock"},
		{"تعدیل", "stock"},
		{"كليد", "rotate"},
		{"لينك", "link"},     // two letters typed the other way: no typo of it
		{"امن", "security"},  // too short for a typo
		{"فورًا", "restart"}, // fathatan
		{"مراه", "mirror"},   // "آ" typed as "ا", "ة" as "ه"
		{"خانۀ", "home"},     // "ۀ", Persian heh with hamza
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchReadsHebrewAndHindiWithoutMarks: a Hebrew word typed with
// its points, and a Hindi word without the nukta or with the anusvara
// for the candrabindu, as each is often written, was no word of the card
// that writes it the other way.
func TestSearchReadsHebrewAndHindiWithoutMarks(t *testing.T) {
	ix := Build([]Card{
		{ID: "dns", Summary: "מעדכן רשומה באזור.", IntentPhrases: []string{"עדכון רשומה"}, Risk: "reversible"},
		{ID: "flag", Summary: "फ़ीचर फ़्लैग बदलता है।", IntentPhrases: []string{"फ़्लैग बदलें"}, Risk: "reversible"},
		{ID: "health", Summary: "सर्वर की जाँच करता है।", IntentPhrases: []string{"जाँच करें"}, Risk: "read-only"},
		{ID: "other", Summary: "Deploy the service.", IntentPhrases: []string{"ship it"}, Risk: "reversible"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"עִדְכּוּן", "dns"},
		{"फीचर", "flag"},
		{"जांच", "health"},
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchReadsGreekWithoutTonos: Greek capitals are written without
// the tonos, and a word typed in them ("ΟΔΟΣ") was two edits from the
// card's "οδός", no typo of it; a card written in capitals was so for a
// request with the tonos ("ώρα").
func TestSearchReadsGreekWithoutTonos(t *testing.T) {
	ix := Build([]Card{
		{ID: "road", Summary: "Ελέγχει μια οδό και τον ταχυδρομικό κώδικα.", IntentPhrases: []string{"οδός και αριθμός"}, Risk: "read-only"},
		{ID: "product", Summary: "Διαγράφει ένα προϊόν από τον κατάλογο.", IntentPhrases: []string{"διαγραφή προϊόντος"}, Risk: "destructive"},
		{ID: "session", Summary: "ΟΡΙΖΕΙ ΤΗΝ ΩΡΑ ΛΗΞΗΣ ΤΗΣ ΣΥΝΕΔΡΙΑΣ.", IntentPhrases: []string{"ΩΡΑ ΛΗΞΗΣ"}, Risk: "reversible"},
		{ID: "other", Summary: "Deploy the service.", IntentPhrases: []string{"ship it"}, Risk: "reversible"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"ΟΔΟΣ", "road"},
		{"ΠΡΟΙΟΝ", "product"},
		{"ώρα", "session"},
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchReadsYoAsYe: Russian text mostly writes "ё" as "е", so a
// request's "счет" or "СЧЕТ" was no word of a card's "счёт", nor "лёд" of
// a card's "лед": words too short to be typos of each other.
func TestSearchReadsYoAsYe(t *testing.T) {
	ix := Build([]Card{
		{ID: "invoice", Summary: "Выставляет счёт клиенту.", IntentPhrases: []string{"выставить счёт"}, Risk: "reversible"},
		{ID: "ice", Summary: "Считает лед на складе.", IntentPhrases: []string{"остаток льда"}, Risk: "read-only"},
		{ID: "other", Summary: "Deploy the service.", IntentPhrases: []string{"ship it"}, Risk: "reversible"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"счет", "invoice"},
		{"СЧЕТ", "invoice"},
		{"лёд", "ice"},
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSpellUmlautsSpellsOnlyDiaeresis: spellUmlauts writes an "e" after
// the vowel of "ä", "ö", "ü" (and for "ø"), and "aa" for "å", only:
// another accent on "a", "o" or "u" in the same word is dropped as
// foldAccents drops it, so the Estonian "õ" of "jäätmekõrvaldus", the
// Hungarian "ő" and "ó" of "különböző", "összefoglaló" and the
// Portuguese "ú" of "dúvida" are their bare vowels.
func TestSpellUmlautsSpellsOnlyDiaeresis(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"löschen", "loeschen"},
		{"größe", "groesse"},
		{"måned", "maaned"},
		{"ålborg", "aalborg"},
		{"jäätmekõrvaldus", "jaeaetmekorvaldus"},
		{"különböző", "kueloenboezo"},
		{"összefoglaló", "oesszefoglalo"},
		{"søgeindstillinger", "soegeindstillinger"},
		{"dúvida", "duvida"},
		{"ůdržba", "udrzba"}, // a ring on another vowel (Czech "ů") is an accent
	} {
		if got, ok := spellUmlauts(tt.in); got != tt.want || !ok {
			t.Errorf("spellUmlauts(%q) = %q, %v; want %q, true", tt.in, got, ok, tt.want)
		}
	}
}

// TestSearchUmlautFindsBothForms: a query word with an umlaut is read as
// its bare vowel and spelled out, both: that one card holds the bare
// form ("mull") does not keep it from the card that spells the umlaut
// out ("Muell"), which a German "müll" means.
func TestSearchUmlautFindsBothForms(t *testing.T) {
	ix := Build([]Card{
		{ID: "trash", Summary: "Leert den Muell im Papierkorb.", IntentPhrases: []string{"Papierkorb leeren"}, Risk: "destructive"},
		{ID: "mull", Summary: "Mull over the release notes.", IntentPhrases: []string{"think about the notes"}, Risk: "read-only"},
		{ID: "other", Summary: "Deploy the service.", IntentPhrases: []string{"ship it"}, Risk: "reversible"},
	})
	got := ids(ix.Search(Query{Intent: "müll"}))
	if !slices.Contains(got, "trash") || !slices.Contains(got, "mull") {
		t.Errorf("Search(müll) = %v, want trash and mull", got)
	}
	checkFirst(t, ix, "müll papierkorb", "trash")
}

// TestCoverageFoldedWordIsWhole: a query word read without its accents
// is the card's word whole, however many bytes its accents took:
// "déployer" is a card's "deploy", all the request asks. Read as a
// correction, the card's term was under three quarters of the query
// word's bytes and its coverage fell short of 1.
func TestCoverageFoldedWordIsWhole(t *testing.T) {
	ix := Build([]Card{
		{ID: "deploy", Summary: "Deploy the current branch to staging.", IntentPhrases: []string{"ship the branch"}, Risk: "destructive"},
		{ID: "logs", Summary: "Tail the logs of a service.", IntentPhrases: []string{"follow the logs"}, Risk: "read-only"},
	})
	for _, intent := range []string{"déployer", "déployé"} {
		r := ix.Search(Query{Intent: intent})
		if len(r) == 0 || r[0].ID != "deploy" || r[0].Coverage != 1 {
			t.Errorf("Search(%q) = %+v, want deploy first with coverage 1", intent, r)
		}
	}
}
