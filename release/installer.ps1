# Installs `rfc1738`, the command-line tool of rfc1738 (https://github.com/rfc1738/rfc1738),
# on Windows from a release's prebuilt archive:
#
#     powershell -ExecutionPolicy Bypass -c "irm https://github.com/rfc1738/rfc1738/releases/download/v0.1.0/rfc1738-cli-installer.ps1 | iex"
#
# It downloads the x86_64 archive (Windows on ARM runs it under emulation)
# with its SHA-256 checksum, refuses it unless the checksum matches, copies
# rfc1738.exe into the install directory and adds that directory to the
# user's PATH (unless RFC1738_NO_MODIFY_PATH is set).
#
# Environment:
#   RFC1738_INSTALL_DIR     where the binary goes (default: %USERPROFILE%\.local\bin)
#   RFC1738_DOWNLOAD_URL    where the archive and its .sha256 are fetched from
#                           (default: the GitHub release of the version below)
#   RFC1738_VERSION         the version to install (default: the release this
#                           installer was published with)
#   RFC1738_NO_MODIFY_PATH  if set, the user's PATH is left alone
#
# Exit status: 0 installed; 1 failed (nothing installed); 3 the release or
# its archive does not exist at the URL (HTTP 404).

$ErrorActionPreference = 'Stop'
Set-StrictMode -Version 3
# Windows PowerShell 5 defaults to TLS 1.0, which GitHub refuses.
[Net.ServicePointManager]::SecurityProtocol = [Net.ServicePointManager]::SecurityProtocol -bor [Net.SecurityProtocolType]::Tls12
# The progress bar makes Invoke-WebRequest many times slower in Windows PowerShell 5.
$ProgressPreference = 'SilentlyContinue'

# release/local.sh and the release workflow write the version here.
$publishedVersion = '@RFC1738_VERSION@'
$repository = 'https://github.com/rfc1738/rfc1738'

function Say([string]$message) { [Console]::Error.WriteLine("rfc1738-installer: $message") }
# A failure throws, rather than exits: under `irm ... | iex` an exit would
# close the user's PowerShell window. The exit status is set only when the
# installer runs as a script file (the end of this file).
$script:exitCode = 1
function Fail([string]$message, [int]$code = 1) {
    $script:exitCode = $code
    throw $message
}

$version = if ($env:RFC1738_VERSION) { $env:RFC1738_VERSION } else { $publishedVersion }
$version = $version -replace '^v', ''
if ($version -eq '' -or $version -like '@*@') {
    Fail 'no version: this copy of the installer was not published with a release; set RFC1738_VERSION'
}

$target = 'x86_64-pc-windows-msvc'
$name = "rfc1738-cli-$target"
$archive = "$name.zip"
$baseUrl = if ($env:RFC1738_DOWNLOAD_URL) { $env:RFC1738_DOWNLOAD_URL } else { "$repository/releases/download/v$version" }
$baseUrl = $baseUrl.TrimEnd('/')
$installDir = if ($env:RFC1738_INSTALL_DIR) { $env:RFC1738_INSTALL_DIR } else { Join-Path $HOME '.local\bin' }

function Install-Rfc1738 {
    $tmp = Join-Path ([IO.Path]::GetTempPath()) ("rfc1738-" + [Guid]::NewGuid())
    New-Item -ItemType Directory -Path $tmp | Out-Null
    try {
        Say "installing rfc1738 $version ($target) from $baseUrl"
        foreach ($file in @("$archive.sha256", $archive)) {
            try {
                Invoke-WebRequest -UseBasicParsing -Uri "$baseUrl/$file" -OutFile (Join-Path $tmp $file)
            } catch {
                $response = $_.Exception.PSObject.Properties['Response']
                if ($response -and $response.Value -and [int]$response.Value.StatusCode -eq 404) {
                    Fail "$baseUrl/$file does not exist: no release $version for $target there" 3
                }
                Fail "could not download $baseUrl/${file}: $($_.Exception.Message); nothing was installed"
            }
        }

        # The checksum file holds "HASH  NAME" (sha256sum's format) or the hash alone.
        $expected = ((Get-Content -Raw (Join-Path $tmp "$archive.sha256")).Trim() -split '\s+')[0].ToLowerInvariant()
        if ($expected -notmatch '^[0-9a-f]{64}$') {
            Fail "$archive.sha256 holds no SHA-256 checksum; nothing was installed"
        }
        $actual = (Get-FileHash -Algorithm SHA256 (Join-Path $tmp $archive)).Hash.ToLowerInvariant()
        if ($actual -ne $expected) {
            Say "error: checksum mismatch for $archive"
            Say "  expected (from $archive.sha256): $expected"
            Say "  downloaded archive:              $actual"
            Fail 'the archive is corrupt or was tampered with; nothing was installed'
        }

        $unpacked = Join-Path $tmp 'unpacked'
        Expand-Archive -Path (Join-Path $tmp $archive) -DestinationPath $unpacked
        $binary = Join-Path $unpacked "$name\rfc1738.exe"
        if (-not (Test-Path -PathType Leaf $binary)) {
            Fail "$archive holds no $name\rfc1738.exe; nothing was installed"
        }

        New-Item -ItemType Directory -Force -Path $installDir | Out-Null
        # Copied beside its final name, then moved: a failed copy never leaves a
        # half-written rfc1738.exe.
        $partial = Join-Path $installDir ".rfc1738.exe.partial.$PID"
        Copy-Item -Path $binary -Destination $partial
        Move-Item -Force -Path $partial -Destination (Join-Path $installDir 'rfc1738.exe')
    } finally {
        Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $tmp
    }
    Write-Output "installed rfc1738 $version to $(Join-Path $installDir 'rfc1738.exe')"

    $userPath = [Environment]::GetEnvironmentVariable('Path', 'User')
    $onPath = @(($userPath -split ';') + ($env:Path -split ';')) -contains $installDir
    if (-not $onPath) {
        if ($env:RFC1738_NO_MODIFY_PATH) {
            Say "$installDir is not on your PATH; add it to use rfc1738 by name"
        } else {
            $newPath = if ($userPath) { "$installDir;$userPath" } else { $installDir }
            [Environment]::SetEnvironmentVariable('Path', $newPath, 'User')
            $env:Path = "$installDir;$env:Path"
            Say "added $installDir to your user PATH; new terminals will find rfc1738"
        }
    }
}

try {
    Install-Rfc1738
} catch {
    Say "error: $($_.Exception.Message)"
    if ($PSCommandPath) { exit $script:exitCode }
}
