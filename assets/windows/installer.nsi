; Conductor's Windows installer, built on Linux by scripts/windows.sh release
; with NSIS's makensis:
;   makensis -DVERSION=X.Y.Z -DNUMERIC=X.Y.Z.N -DSRC=DIR -DOUT=FILE installer.nsi
; SRC holds conductor.exe, conductor.ico, LICENSE.txt and NOTICE.txt.
;
; Installs for the current user (no administrator rights asked): the program in
; %LOCALAPPDATA%\Programs\Conductor, a Start-menu entry, .dunsave files opening
; with the app, and an entry in Settings > Apps with its uninstaller. The
; uninstaller removes exactly those; the saves (%APPDATA%\conductor) stay.
; Silent: setup.exe /S, and Uninstall.exe /S.

; A 64-bit installer for a 64-bit program (it runs under a 64-bit Wine without
; wine32 too).
Target amd64-unicode
SetCompressor /SOLID lzma
SetDateSave on
RequestExecutionLevel user
ManifestDPIAware true

!include "MUI2.nsh"

!define APPNAME "Conductor"
!define APPID "io.github.dunconductor.conductor"
!define PROGID "Conductor.dunsave"
!define UNINSTKEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APPID}"

Name "${APPNAME}"
OutFile "${OUT}"
InstallDir "$LOCALAPPDATA\Programs\${APPNAME}"
InstallDirRegKey HKCU "${UNINSTKEY}" "InstallLocation"
BrandingText "${APPNAME} ${VERSION}"

VIProductVersion "${NUMERIC}"
VIAddVersionKey /LANG=1033 "ProductName" "${APPNAME}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APPNAME} ${VERSION} setup"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "LegalCopyright" "Apache-2.0"

!define MUI_ICON "${SRC}\conductor.ico"
!define MUI_UNICON "${SRC}\conductor.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\conductor.exe"

!insertmacro MUI_PAGE_LICENSE "${SRC}\LICENSE.txt"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Spanish"

LangString DunsaveType ${LANG_ENGLISH} "Conductor saved game"
LangString DunsaveType ${LANG_SPANISH} "Partida guardada de Conductor"
LangString KeepSaves ${LANG_ENGLISH} "Your saved games stay in $APPDATA\conductor."
LangString KeepSaves ${LANG_SPANISH} "Tus partidas guardadas se quedan en $APPDATA\conductor."

Function .onInit
	!insertmacro MUI_LANGDLL_DISPLAY
FunctionEnd

Section "Conductor"
	SetShellVarContext current
	; Whether the install makes %LOCALAPPDATA%\Programs (the uninstaller then
	; removes it when empty), kept with the uninstall entry.
	StrCpy $1 "0"
	IfFileExists "$LOCALAPPDATA\Programs\*.*" +2 0
	StrCpy $1 "1"
	ReadRegStr $2 HKCU "${UNINSTKEY}" "MadeProgramsFolder"
	StrCmp $2 "1" 0 +2
	StrCpy $1 "1"
	SetOutPath "$INSTDIR"
	File "${SRC}\conductor.exe"
	File "${SRC}\LICENSE.txt"
	File "${SRC}\NOTICE.txt"
	WriteUninstaller "$INSTDIR\Uninstall.exe"

	CreateShortcut "$SMPROGRAMS\${APPNAME}.lnk" "$INSTDIR\conductor.exe" "" "$INSTDIR\conductor.exe" 0

	; .dunsave opens with the app (conductor.exe FILE offers to import it).
	WriteRegStr HKCU "Software\Classes\.dunsave" "" "${PROGID}"
	WriteRegStr HKCU "Software\Classes\.dunsave" "Content Type" "application/x-dunsave"
	WriteRegStr HKCU "Software\Classes\${PROGID}" "" "$(DunsaveType)"
	WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\conductor.exe,0"
	WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\conductor.exe" "%1"'
	System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

	WriteRegStr HKCU "${UNINSTKEY}" "DisplayName" "${APPNAME}"
	WriteRegStr HKCU "${UNINSTKEY}" "DisplayVersion" "${VERSION}"
	WriteRegStr HKCU "${UNINSTKEY}" "DisplayIcon" "$INSTDIR\conductor.exe,0"
	WriteRegStr HKCU "${UNINSTKEY}" "Publisher" "The Conductor developers"
	WriteRegStr HKCU "${UNINSTKEY}" "InstallLocation" "$INSTDIR"
	WriteRegStr HKCU "${UNINSTKEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
	WriteRegStr HKCU "${UNINSTKEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
	WriteRegStr HKCU "${UNINSTKEY}" "MadeProgramsFolder" "$1"
	WriteRegDWORD HKCU "${UNINSTKEY}" "NoModify" 1
	WriteRegDWORD HKCU "${UNINSTKEY}" "NoRepair" 1
SectionEnd

Function un.onInit
	!insertmacro MUI_UNGETLANGUAGE
FunctionEnd

Section "Uninstall"
	SetShellVarContext current
	Delete "$SMPROGRAMS\${APPNAME}.lnk"
	ReadRegStr $1 HKCU "${UNINSTKEY}" "MadeProgramsFolder"
	; Only our own association: one another program took over stays.
	ReadRegStr $0 HKCU "Software\Classes\.dunsave" ""
	StrCmp $0 "${PROGID}" 0 +2
	DeleteRegKey HKCU "Software\Classes\.dunsave"
	DeleteRegKey HKCU "Software\Classes\${PROGID}"
	System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
	DeleteRegKey HKCU "${UNINSTKEY}"
	Delete "$INSTDIR\conductor.exe"
	Delete "$INSTDIR\LICENSE.txt"
	Delete "$INSTDIR\NOTICE.txt"
	Delete "$INSTDIR\Uninstall.exe"
	RMDir "$INSTDIR"
	; %LOCALAPPDATA%\Programs when the install made it and nothing else is in it.
	StrCmp $1 "1" 0 +2
	RMDir "$LOCALAPPDATA\Programs"
	; The saves in $APPDATA\conductor are the user's: never removed here.
	DetailPrint "$(KeepSaves)"
SectionEnd
