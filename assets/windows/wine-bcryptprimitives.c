/*
 * For the Wine check only (scripts/windowscheck.sh builds it into the Wine
 * prefix; it is never shipped): Go's runtime (1.24 and later) takes its
 * random numbers from ProcessPrng in bcryptprimitives.dll, which every
 * Windows 10 and 11 has but Debian 12's Wine 8.0 lacks, so a Go program there
 * stops at once with "bcryptprimitives.dll not found". This stands in for it
 * with the system's RtlGenRandom (advapi32's SystemFunction036).
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
	while (size > 0) {
		ULONG n = size > 0x10000000 ? 0x10000000 : (ULONG)size;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		size -= n;
	}
	return TRUE;
}
